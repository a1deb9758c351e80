-- Webhook endpoints for agents (docs/decisions.md, "Webhook deliveries"): an account's endpoints
-- receive the shared events of the service requests its keys created, signed per Standard
-- Webhooks, at least once, in event order per request (and so per Opportunity).

-- Which account's key created a request (null: sent without a key). Set by
-- app_hidden.create_service_request from the caller; requests made before this migration have none.
alter table app_public.service_requests
  add column agent_user_id uuid references app_public.users (id) on delete set null;
comment on column app_public.service_requests.agent_user_id is
  'The account whose API key created the request (null without a key); its webhook endpoints receive the request''s shared events.';
create index service_requests_agent_user_idx on app_public.service_requests (agent_user_id) where agent_user_id is not null;

create table app_public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users (id) on delete cascade,
  url text not null check (length(url) <= 2000),
  events text[] check (events is null or cardinality(events) between 1 and 100),
  created_at timestamptz not null default now(),
  failing_since timestamptz,
  disabled_at timestamptz
);
comment on table app_public.webhook_endpoints is
  'An agent account''s webhook endpoint: the shared events of the requests its keys created are POSTed there, signed with its secret (app_private.webhook_secrets).';
comment on column app_public.webhook_endpoints.url is 'Where deliveries go: https (http only for an address inside WEBHOOK_ALLOWED_PRIVATE_CIDRS).';
comment on column app_public.webhook_endpoints.events is 'The event types delivered; null: every shared type, including those added later.';
comment on column app_public.webhook_endpoints.failing_since is 'When the oldest failure since the last success happened (null: not failing).';
comment on column app_public.webhook_endpoints.disabled_at is 'When the endpoint was disabled for failing too long; a disabled endpoint gets no deliveries.';
create index webhook_endpoints_user_idx on app_public.webhook_endpoints (user_id);
alter table app_public.webhook_endpoints enable row level security;
create policy select_own on app_public.webhook_endpoints for select to marine_agent using (user_id = app_public.current_user_id());
create policy admin_all on app_public.webhook_endpoints for all to marine_admin using (true) with check (true);
-- Read only for request roles (and so no staff GraphQL mutation): changes go through the
-- app_hidden functions, which check the caller's account.
grant select on app_public.webhook_endpoints to marine_agent;

-- The signing secret: needed in clear to sign (unlike keys, which are checked against a digest),
-- so it lives where no request role can read it; the API shows it once, when it is made.
create table app_private.webhook_secrets (
  endpoint_id uuid primary key references app_public.webhook_endpoints (id) on delete cascade,
  secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/=]{32,}$')
);
alter table app_private.webhook_secrets enable row level security;

-- One row per endpoint and event: what is still to deliver. The delivery job of an endpoint and
-- a request drains its pending rows in event id order and stops at the first failure.
create table app_public.webhook_deliveries (
  endpoint_id uuid not null references app_public.webhook_endpoints (id) on delete cascade,
  event_id bigint not null references app_public.request_events (id) on delete cascade,
  request_id uuid not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'abandoned')),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  primary key (endpoint_id, event_id)
);
comment on table app_public.webhook_deliveries is
  'One event for one endpoint: pending until a 2xx answer, abandoned when the endpoint was disabled. Delivered in event order per request.';
create index webhook_deliveries_pending_idx on app_public.webhook_deliveries (endpoint_id, request_id, event_id) where status = 'pending';
-- The hourly prune's way to the finished rows past the retention (app_private.webhook_prune).
create index webhook_deliveries_finished_idx on app_public.webhook_deliveries (created_at) where status <> 'pending';
alter table app_public.webhook_deliveries enable row level security;
create policy select_own on app_public.webhook_deliveries for select to marine_agent
  using (exists (select 1 from app_public.webhook_endpoints w where w.id = endpoint_id and w.user_id = app_public.current_user_id()));
create policy admin_all on app_public.webhook_deliveries for all to marine_admin using (true) with check (true);
grant select on app_public.webhook_deliveries to marine_agent;

-- Every attempt, the test deliveries' too (event_id null): the deliveries log an agent reads.
create table app_public.webhook_attempts (
  id bigint generated always as identity primary key,
  endpoint_id uuid not null references app_public.webhook_endpoints (id) on delete cascade,
  event_id bigint references app_public.request_events (id) on delete cascade,
  webhook_id text not null,
  event_type text not null,
  attempted_at timestamptz not null default now(),
  status_code integer,
  error text check (length(error) <= 500),
  duration_ms integer not null
);
comment on table app_public.webhook_attempts is
  'One delivery attempt: the event (webhook-id), when, the HTTP status (null: no answer) and the error (null: delivered).';
create index webhook_attempts_endpoint_idx on app_public.webhook_attempts (endpoint_id, id desc);
create index webhook_attempts_time_idx on app_public.webhook_attempts (attempted_at);
alter table app_public.webhook_attempts enable row level security;
create policy select_own on app_public.webhook_attempts for select to marine_agent
  using (exists (select 1 from app_public.webhook_endpoints w where w.id = endpoint_id and w.user_id = app_public.current_user_id()));
create policy admin_all on app_public.webhook_attempts for all to marine_admin using (true) with check (true);
grant select on app_public.webhook_attempts to marine_agent;
