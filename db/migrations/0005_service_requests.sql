-- Up Migration
-- The owner request flow ("Search MCP"): a draft the owner verifies by e-mail, promoted to an
-- Opportunity with one quote thread per selected pro. Every record carries the source
-- 'demand-side-search-mcp'. Owners have no database role: they reach their rows only through
-- the security definer functions below, with a credential; staff (admins) see everything.

create table app_public.service_requests (
  id uuid primary key default gen_random_uuid(),
  source text not null default 'demand-side-search-mcp' check (source = 'demand-side-search-mcp'),
  -- 'draft' until confirmed; a draft past expires_at is expired (derived, never stored).
  status text not null default 'draft' check (status in ('draft', 'promoted')),
  owner_first_name text not null check (length(owner_first_name) between 1 and 100),
  owner_last_name text check (length(owner_last_name) <= 100),
  owner_email extensions.citext not null check (owner_email::text ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(owner_email) <= 254),
  owner_phone text check (length(owner_phone) <= 40),
  specialty_id uuid not null references app_public.specialties,
  location text not null check (length(location) between 1 and 300),
  description text not null check (length(description) between 20 and 5000),
  consent_statement text check (length(consent_statement) <= 2000),
  consented_at timestamptz not null default now(),
  client_request_id text check (length(client_request_id) <= 200),
  -- What the request asked for, so a repeated clientRequestId with a different body is refused.
  fingerprint text not null,
  expires_at timestamptz not null,
  verification_sent_at timestamptz,
  failed_attempts integer not null default 0,
  promoted_at timestamptz,
  created_at timestamptz not null default now()
);
create index service_requests_client_request_idx on app_public.service_requests (owner_email, client_request_id)
  where client_request_id is not null and status = 'draft';
comment on table app_public.service_requests is 'A boat owner''s request for quotes, a draft until the owner confirms it from the verification e-mail.';

create table app_public.service_request_pros (
  request_id uuid not null references app_public.service_requests on delete cascade,
  contractor_id uuid not null references app_public.contractors,
  position smallint not null check (position between 1 and 3),
  primary key (request_id, contractor_id),
  unique (request_id, position)
);
comment on table app_public.service_request_pros is 'The pros (at most 3) an owner selected, in the order given.';

-- Only digests of the verification code and token (bound to the request: the request id is
-- part of what is hashed) and when they were sent.
create table app_private.service_request_secrets (
  request_id uuid primary key references app_public.service_requests on delete cascade,
  code_digest bytea not null,
  token_digest bytea not null,
  sent_at timestamptz
);

create table app_public.opportunities (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null unique references app_public.service_requests,
  source text not null default 'demand-side-search-mcp' check (source = 'demand-side-search-mcp'),
  owner_first_name text not null,
  owner_last_name text,
  owner_email extensions.citext not null,
  owner_phone text,
  specialty_id uuid not null references app_public.specialties,
  location text not null,
  description text not null,
  -- The no-coverage path: no pro was selected, so the coverage team is told instead.
  needs_coverage boolean not null default false,
  coverage_notified_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table app_public.opportunities is 'A verified owner request: the owner works it through its quote threads.';

create table app_public.quotes (
  id uuid primary key default gen_random_uuid(),
  opportunity_id uuid not null references app_public.opportunities on delete cascade,
  contractor_id uuid not null references app_public.contractors,
  source text not null default 'demand-side-search-mcp' check (source = 'demand-side-search-mcp'),
  status text not null default 'requested',
  thread_status text not null default 'open',
  pro_notified_at timestamptz,
  created_at timestamptz not null default now(),
  unique (opportunity_id, contractor_id)
);
create index quotes_contractor_idx on app_public.quotes (contractor_id);
comment on table app_public.quotes is 'One pro''s quote thread within an Opportunity.';

-- Owner access tokens: 64 hex characters, stored as SHA-256 digests, scoped to one Opportunity.
create table app_private.owner_access_tokens (
  id uuid primary key default gen_random_uuid(),
  opportunity_id uuid not null references app_public.opportunities on delete cascade,
  digest bytea not null unique,
  issued_via text not null check (issued_via in ('confirm_response', 'email')),
  created_at timestamptz not null default now()
);

create table app_public.request_events (
  id bigint generated always as identity primary key,
  request_id uuid references app_public.service_requests on delete cascade,
  opportunity_id uuid references app_public.opportunities on delete cascade,
  source text not null default 'demand-side-search-mcp' check (source = 'demand-side-search-mcp'),
  kind text not null check (kind in ('draft_created', 'verification_sent', 'verification_failed',
    'confirmed', 'pro_contacted', 'no_coverage', 'coverage_notified', 'owner_access_sent')),
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index request_events_request_idx on app_public.request_events (request_id, id);
create index request_events_opportunity_idx on app_public.request_events (opportunity_id, id);
comment on table app_public.request_events is 'Lifecycle events of the request flow, for staff and audits.';

alter table app_public.service_requests enable row level security;
alter table app_public.service_request_pros enable row level security;
alter table app_private.service_request_secrets enable row level security;
alter table app_public.opportunities enable row level security;
alter table app_public.quotes enable row level security;
alter table app_private.owner_access_tokens enable row level security;
alter table app_public.request_events enable row level security;

create policy admin_all on app_public.service_requests for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.service_request_pros for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.opportunities for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.quotes for all to marine_admin using (true) with check (true);
create policy admin_select on app_public.request_events for select to marine_admin using (true);
grant select on app_public.service_requests, app_public.service_request_pros, app_public.opportunities,
  app_public.quotes, app_public.request_events to marine_admin;

------------------------------------------------------------------------------------------------
-- A verification credential's digest: the request id is hashed with it, so a code or token
-- issued for one request can never match another.
create function app_private.credential_digest(p_request_id uuid, p_secret text) returns bytea
  language sql immutable parallel safe
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$ select digest(p_request_id::text || ':' || p_secret, 'sha256') $$;

create function app_private.log_event(p_kind text, p_request_id uuid, p_opportunity_id uuid, p_detail jsonb default '{}')
  returns void
  language sql volatile
  as $$
    insert into app_public.request_events (kind, request_id, opportunity_id, detail)
    values (p_kind, p_request_id, p_opportunity_id, p_detail)
  $$;

-- "j***@example.com": enough for the owner to recognise the address, not to harvest it.
create function app_hidden.masked_email(p_email text) returns text
  language sql immutable parallel safe
  as $$ select left(p_email, 1) || '***@' || split_part(p_email, '@', 2) $$;
comment on function app_hidden.masked_email(text) is 'An e-mail address with its local part hidden.';

create function app_hidden.service_request_json(r app_public.service_requests) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object(
      'status', 'owner_verification_required',
      'requestId', r.id,
      'source', r.source,
      'verification', json_build_object(
        'channel', 'email',
        'sentTo', app_hidden.masked_email(r.owner_email::text),
        'delivery', case when r.verification_sent_at is null then 'queued' else 'sent' end,
        'expiresAt', app_hidden.iso_time(r.expires_at)),
      'selectedPros', coalesce((
        select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by p.position)
          from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
         where p.request_id = r.id), '[]'))
  $$;
comment on function app_hidden.service_request_json(app_public.service_requests) is 'A draft as step 1 answers it.';

------------------------------------------------------------------------------------------------
-- Step 1: POST /api/v1/public/search-mcp/service-requests. Creates a draft and queues the
-- verification e-mail in the same transaction; contacts no pro, creates no Opportunity.
create function app_hidden.create_service_request(
  p_owner_first_name text, p_owner_last_name text, p_owner_email text, p_owner_phone text,
  p_specialty_slug text, p_location text, p_description text, p_contractor_slugs text[],
  p_consent_statement text, p_client_request_id text, p_lifetime_seconds integer
) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_specialty_id uuid;
  v_contractor_ids uuid[] := '{}';
  v_id uuid;
  v_fingerprint text;
  v_request app_public.service_requests;
begin
  select id into v_specialty_id from app_public.specialties where slug = p_specialty_slug;
  if v_specialty_id is null then
    raise exception 'Unknown specialty: %', p_specialty_slug using errcode = 'INVAL',
      detail = 'project.specialtySlug: no specialty has this slug (see GET /api/v1/public/contractors/specialties)';
  end if;
  for i in 1 .. coalesce(cardinality(p_contractor_slugs), 0) loop
    select id into v_id from app_public.contractors where slug = p_contractor_slugs[i] and is_active;
    if v_id is null then
      raise exception 'Contractor not found: %', p_contractor_slugs[i] using errcode = 'NTFND',
        detail = format('contractorSlugs[%s]: no active contractor has this slug', i - 1);
    end if;
    v_contractor_ids := v_contractor_ids || v_id;
  end loop;

  v_fingerprint := md5(jsonb_build_array(p_owner_first_name, p_owner_last_name, lower(p_owner_email), p_owner_phone,
    p_specialty_slug, p_location, p_description, p_contractor_slugs)::text);

  -- The same clientRequestId from the same owner, while its draft lives, is the same request.
  if p_client_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('service-request:' || lower(p_owner_email) || ':' || p_client_request_id, 0));
    select * into v_request from app_public.service_requests
     where owner_email = p_owner_email::citext and client_request_id = p_client_request_id
       and status = 'draft' and expires_at > now()
     order by created_at desc limit 1;
    if found then
      if v_request.fingerprint <> v_fingerprint then
        raise exception 'clientRequestId was already used for a different request' using errcode = 'CONFL',
          detail = 'Use a new clientRequestId for a new request.';
      end if;
      return app_hidden.service_request_json(v_request);
    end if;
  end if;

  insert into app_public.service_requests (owner_first_name, owner_last_name, owner_email, owner_phone,
      specialty_id, location, description, consent_statement, client_request_id, fingerprint, expires_at)
    values (p_owner_first_name, p_owner_last_name, p_owner_email, p_owner_phone, v_specialty_id, p_location,
      p_description, p_consent_statement, p_client_request_id, v_fingerprint,
      now() + make_interval(secs => p_lifetime_seconds))
    returning * into v_request;
  insert into app_public.service_request_pros (request_id, contractor_id, position)
    select v_request.id, c.id, c.ord from unnest(v_contractor_ids) with ordinality as c(id, ord);
  perform app_private.log_event('draft_created', v_request.id, null,
    jsonb_build_object('pros', cardinality(v_contractor_ids)));
  -- The worker mints the credentials when it sends: none is ever written in plain text.
  perform graphile_worker.add_job('service_requests__send_verification',
    json_build_object('requestId', v_request.id), job_key := 'verify:' || v_request.id);
  return app_hidden.service_request_json(v_request);
end
$$;
comment on function app_hidden.create_service_request is 'Step 1 of the request flow: a draft and its verification e-mail (queued).';

------------------------------------------------------------------------------------------------
-- Worker side of the verification e-mail (app_private: only the worker, as owner, calls these).

-- What the e-mail says, or null when there is nothing to send (already sent, promoted, expired).
create function app_private.verification_email(p_request_id uuid) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object(
      'requestId', r.id, 'to', r.owner_email, 'firstName', r.owner_first_name,
      'service', s.name, 'location', r.location, 'description', r.description,
      'expiresAt', app_hidden.iso_time(r.expires_at),
      'pros', coalesce((select json_agg(c.name order by p.position)
                          from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
                         where p.request_id = r.id), '[]'))
      from app_public.service_requests r join app_public.specialties s on s.id = r.specialty_id
     where r.id = p_request_id and r.status = 'draft' and r.verification_sent_at is null and r.expires_at > now()
  $$;

-- Stores the digests of freshly minted credentials (a retried send replaces them).
create function app_private.set_verification_credentials(p_request_id uuid, p_code text, p_token text) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    insert into app_private.service_request_secrets (request_id, code_digest, token_digest)
    values (p_request_id, app_private.credential_digest(p_request_id, p_code), app_private.credential_digest(p_request_id, p_token))
    on conflict (request_id) do update set code_digest = excluded.code_digest, token_digest = excluded.token_digest, sent_at = null
  $$;

create function app_private.mark_verification_sent(p_request_id uuid) returns void
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  update app_private.service_request_secrets set sent_at = now() where request_id = p_request_id;
  update app_public.service_requests set verification_sent_at = now() where id = p_request_id;
  perform app_private.log_event('verification_sent', p_request_id, null);
end
$$;

------------------------------------------------------------------------------------------------
-- The confirm page (GET): what the owner is about to confirm. Read-only: a wrong token here is
-- refused but not counted, and nothing changes however often it is called.
create function app_private.checked_request(p_request_id text, p_for_update boolean) returns app_public.service_requests
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_request app_public.service_requests;
begin
  if app_hidden.is_uuid(p_request_id) then
    if p_for_update then
      select * into v_request from app_public.service_requests where id = p_request_id::uuid for update;
    else
      select * into v_request from app_public.service_requests where id = p_request_id::uuid;
    end if;
  end if;
  if v_request.id is null then
    raise exception 'Service request not found' using errcode = 'NTFND';
  end if;
  return v_request;
end
$$;

create function app_private.credentials_match(p_request_id uuid, p_code text, p_token text) returns boolean
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select coalesce(bool_or((p_code is not null and s.code_digest = app_private.credential_digest(p_request_id, p_code))
                         or (p_token is not null and s.token_digest = app_private.credential_digest(p_request_id, p_token))), false)
      from app_private.service_request_secrets s where s.request_id = p_request_id
  $$;

create function app_hidden.service_request_confirmation(p_request_id text, p_token text) returns json
  language plpgsql stable security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_request app_public.service_requests;
begin
  v_request := app_private.checked_request(p_request_id, false);
  if not app_private.credentials_match(v_request.id, null, p_token) then
    raise exception 'Invalid verification code or token' using errcode = 'CREDS';
  end if;
  if v_request.status = 'draft' and v_request.expires_at <= now() then
    raise exception 'This request has expired' using errcode = 'EXPRD',
      detail = 'Verification links and drafts are valid for a limited time; start a new request.';
  end if;
  return json_build_object('requestId', v_request.id, 'status', v_request.status,
    'service', (select name from app_public.specialties where id = v_request.specialty_id),
    'location', v_request.location, 'description', v_request.description,
    'expiresAt', app_hidden.iso_time(v_request.expires_at),
    'pros', coalesce((select json_agg(c.name order by p.position)
                        from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
                       where p.request_id = v_request.id), '[]'));
end
$$;
comment on function app_hidden.service_request_confirmation is 'What the confirm page shows; changes nothing. See GET .../service-requests/{requestId}/confirm.';

------------------------------------------------------------------------------------------------
-- Step 2: POST .../confirm. Promotes the draft exactly once: the row lock makes concurrent
-- confirms queue, and the first one promotes; the rest answer already_confirmed.
create function app_private.confirmation_json(p_request app_public.service_requests, p_status text, p_owner_token text)
  returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object(
      'status', p_status, 'requestId', p_request.id, 'opportunityId', o.id, 'source', o.source,
      'quotes', coalesce((select json_agg(json_build_object('quoteId', q.id, 'contractorSlug', c.slug,
                   'contractorName', c.name, 'opportunityId', q.opportunity_id, 'threadStatus', q.thread_status)
                   order by p.position)
                 from app_public.quotes q
                 join app_public.contractors c on c.id = q.contractor_id
                 join app_public.service_request_pros p on p.request_id = p_request.id and p.contractor_id = q.contractor_id
                where q.opportunity_id = o.id), '[]'),
      'ownerAccessToken', p_owner_token)
    from app_public.opportunities o where o.request_id = p_request.id
  $$;

create function app_hidden.confirm_service_request(p_request_id text, p_code text, p_token text, p_max_attempts integer)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_request app_public.service_requests;
  v_opportunity_id uuid;
  v_token text;
  v_quote record;
  v_pros integer;
begin
  v_request := app_private.checked_request(p_request_id, true);
  if v_request.failed_attempts >= p_max_attempts then
    raise exception 'Too many wrong verification codes: this request is locked' using errcode = 'RATEL',
      detail = 'Start a new request.';
  end if;
  if v_request.status = 'draft' and v_request.expires_at <= now() then
    raise exception 'This request has expired' using errcode = 'EXPRD',
      detail = 'Verification codes and drafts are valid for a limited time; start a new request.';
  end if;
  if not app_private.credentials_match(v_request.id, p_code, p_token) then
    -- The count must survive the refusal, so this is returned (committed), not raised.
    update app_public.service_requests set failed_attempts = failed_attempts + 1 where id = v_request.id;
    perform app_private.log_event('verification_failed', v_request.id, null,
      jsonb_build_object('attempt', v_request.failed_attempts + 1));
    return json_build_object('refusal', json_build_object('code', 'CREDS',
      'message', 'Invalid verification code or token',
      'detail', format('%s of %s attempts used.', v_request.failed_attempts + 1, p_max_attempts)));
  end if;
  if v_request.status = 'promoted' then
    return app_private.confirmation_json(v_request, 'already_confirmed', null);
  end if;

  insert into app_public.opportunities (request_id, owner_first_name, owner_last_name, owner_email, owner_phone,
      specialty_id, location, description, needs_coverage)
    values (v_request.id, v_request.owner_first_name, v_request.owner_last_name, v_request.owner_email,
      v_request.owner_phone, v_request.specialty_id, v_request.location, v_request.description,
      not exists (select 1 from app_public.service_request_pros where request_id = v_request.id))
    returning id into v_opportunity_id;
  insert into app_public.quotes (opportunity_id, contractor_id)
    select v_opportunity_id, contractor_id from app_public.service_request_pros
     where request_id = v_request.id order by position;
  update app_public.service_requests set status = 'promoted', promoted_at = now() where id = v_request.id
    returning * into v_request;

  v_token := encode(gen_random_bytes(32), 'hex');
  insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
    values (v_opportunity_id, digest(v_token, 'sha256'), 'confirm_response');

  perform app_private.log_event('confirmed', v_request.id, v_opportunity_id);
  v_pros := 0;
  for v_quote in select id from app_public.quotes where opportunity_id = v_opportunity_id loop
    perform graphile_worker.add_job('quotes__notify_pro', json_build_object('quoteId', v_quote.id),
      job_key := 'notify-pro:' || v_quote.id);
    v_pros := v_pros + 1;
  end loop;
  if v_pros = 0 then
    perform app_private.log_event('no_coverage', v_request.id, v_opportunity_id);
    perform graphile_worker.add_job('opportunities__notify_coverage',
      json_build_object('opportunityId', v_opportunity_id), job_key := 'coverage:' || v_opportunity_id);
  end if;
  perform graphile_worker.add_job('opportunities__send_owner_access',
    json_build_object('opportunityId', v_opportunity_id), job_key := 'owner-access:' || v_opportunity_id);
  return app_private.confirmation_json(v_request, case when v_pros = 0 then 'no_coverage' else 'created' end, v_token);
end
$$;
comment on function app_hidden.confirm_service_request is 'Step 2 of the request flow: verifies the code or token and promotes the draft once. See POST .../confirm.';

------------------------------------------------------------------------------------------------
-- Worker side of the e-mails that follow a confirmation.

create function app_private.pro_notification_email(p_quote_id uuid) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('quoteId', q.id, 'opportunityId', o.id, 'to', c.email, 'proName', c.name,
      'service', s.name, 'location', o.location, 'description', o.description, 'ownerFirstName', o.owner_first_name)
      from app_public.quotes q
      join app_public.opportunities o on o.id = q.opportunity_id
      join app_public.contractors c on c.id = q.contractor_id
      join app_public.specialties s on s.id = o.specialty_id
     where q.id = p_quote_id and q.pro_notified_at is null
  $$;

create function app_private.mark_pro_notified(p_quote_id uuid, p_delivered boolean) returns void
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity_id uuid;
begin
  update app_public.quotes set pro_notified_at = now() where id = p_quote_id returning opportunity_id into v_opportunity_id;
  perform app_private.log_event('pro_contacted', null, v_opportunity_id,
    jsonb_build_object('quoteId', p_quote_id, 'delivered', p_delivered));
end
$$;

create function app_private.coverage_email(p_opportunity_id uuid) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('opportunityId', o.id, 'requestId', o.request_id, 'service', s.name,
      'location', o.location, 'description', o.description, 'ownerFirstName', o.owner_first_name)
      from app_public.opportunities o join app_public.specialties s on s.id = o.specialty_id
     where o.id = p_opportunity_id and o.needs_coverage and o.coverage_notified_at is null
  $$;

create function app_private.mark_coverage_notified(p_opportunity_id uuid) returns void
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  update app_public.opportunities set coverage_notified_at = now() where id = p_opportunity_id;
  perform app_private.log_event('coverage_notified', null, p_opportunity_id);
end
$$;

-- The owner's access e-mail carries a token of its own, minted by the worker like the
-- verification credentials (so the job queue never holds one). Same steps as verification:
-- store the digest, send, mark sent; a retried send replaces the unsent token.
create function app_private.owner_access_email(p_opportunity_id uuid) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('opportunityId', o.id, 'to', o.owner_email, 'firstName', o.owner_first_name,
      'service', s.name, 'location', o.location,
      'pros', coalesce((select json_agg(c.name order by c.name) from app_public.quotes q
                          join app_public.contractors c on c.id = q.contractor_id where q.opportunity_id = o.id), '[]'))
      from app_public.opportunities o join app_public.specialties s on s.id = o.specialty_id
     where o.id = p_opportunity_id
       and not exists (select 1 from app_public.request_events e
                        where e.opportunity_id = o.id and e.kind = 'owner_access_sent')
  $$;

create function app_private.set_owner_email_token(p_opportunity_id uuid, p_token text) returns void
  language plpgsql volatile
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
begin
  delete from app_private.owner_access_tokens where opportunity_id = p_opportunity_id and issued_via = 'email';
  insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
    values (p_opportunity_id, digest(p_token, 'sha256'), 'email');
end
$$;

create function app_private.mark_owner_access_sent(p_opportunity_id uuid) returns void
  language sql volatile
  as $$ select app_private.log_event('owner_access_sent', null, p_opportunity_id) $$;

grant execute on function
  app_hidden.masked_email(text), app_hidden.service_request_json(app_public.service_requests),
  app_hidden.create_service_request(text, text, text, text, text, text, text, text[], text, text, integer),
  app_hidden.service_request_confirmation(text, text),
  app_hidden.confirm_service_request(text, text, text, integer)
  to marine_anonymous;
