-- The event log: every change in a request's life is one typed event, written in the change's
-- transaction by app_private.record_event. The types are rows of app_public.event_types (one list
-- for the database, the feeds, the webhooks and the OpenAPI document); the old snake_case kinds
-- become dotted types, and an event names the quote it is about in its own column.

create table app_public.event_types (
  type text primary key check (type ~ '^[a-z]+(\.[a-z_]+)+$'),
  -- Shared types are shown to the parties: the owner, the quote's pro, the agent that made the
  -- request. The others (verification sends, coverage mail) are for staff only.
  shared boolean not null,
  description text not null
);
comment on table app_public.event_types is 'Every type of event of the request flow; shared ones are shown to the owner, the pro and the agent.';
alter table app_public.event_types enable row level security;
create policy everyone_select on app_public.event_types for select to marine_anonymous using (true);
grant select on app_public.event_types to marine_anonymous;

insert into app_public.event_types (type, shared, description) values
  ('request.created', false, 'An assistant created a draft request; the owner has not verified it.'),
  ('request.verification_sent', false, 'The verification e-mail went to the owner.'),
  ('request.verification_failed', false, 'A wrong verification code or token was tried.'),
  ('request.verified', true, 'The owner verified the request: it is now an Opportunity with its quote threads.'),
  ('request.lapsed', true, 'The draft was not verified in time; nothing was sent to any pro.'),
  ('opportunity.no_coverage', true, 'No pro could be asked; the coverage team looks for one.'),
  ('opportunity.coverage_notified', false, 'The coverage team was told about an Opportunity without a pro.'),
  ('opportunity.owner_access_sent', false, 'The owner access e-mail went to the owner.'),
  ('quote.pro_contacted', true, 'The pro was sent the request (or has no e-mail address, when delivered is false).'),
  ('quote.pro_message_sent', true, 'The pro sent the owner a message.'),
  ('quote.info_requested', true, 'The pro asked the owner questions.'),
  ('quote.visit_times_proposed', true, 'The pro proposed times for a visit.'),
  ('quote.estimate_submitted', true, 'The pro sent an estimate (it supersedes the pro''s earlier one).'),
  ('quote.declined', true, 'The pro declined the request.'),
  ('quote.owner_message_sent', true, 'The owner sent the pro a message.'),
  ('quote.info_provided', true, 'The owner answered the pro''s questions.'),
  ('quote.visit_time_selected', true, 'The owner picked one of the proposed visit times.'),
  ('quote.awarded', true, 'The owner accepted this quote''s estimate: the pro has the job.'),
  ('quote.closed', true, 'The quote closed because the owner awarded another pro.'),
  ('quote.completed', true, 'The owner marked the work complete.'),
  ('quote.reviewed', true, 'The owner reviewed the pro.');

alter table app_public.request_events drop constraint request_events_kind_check;
alter table app_public.request_events rename column kind to type;
update app_public.request_events e set type = m.type
  from (values ('draft_created', 'request.created'), ('verification_sent', 'request.verification_sent'),
    ('verification_failed', 'request.verification_failed'), ('confirmed', 'request.verified'),
    ('no_coverage', 'opportunity.no_coverage'), ('coverage_notified', 'opportunity.coverage_notified'),
    ('owner_access_sent', 'opportunity.owner_access_sent'), ('pro_contacted', 'quote.pro_contacted'),
    ('pro_message', 'quote.pro_message_sent'), ('pro_info_request', 'quote.info_requested'),
    ('pro_visits_proposed', 'quote.visit_times_proposed'), ('pro_estimate', 'quote.estimate_submitted'),
    ('pro_declined', 'quote.declined'), ('owner_message', 'quote.owner_message_sent'),
    ('owner_answered', 'quote.info_provided'), ('owner_selected_visit', 'quote.visit_time_selected'),
    ('owner_accepted_estimate', 'quote.awarded'), ('owner_marked_complete', 'quote.completed'),
    ('owner_reviewed', 'quote.reviewed')) as m (kind, type)
 where e.type = m.kind;
alter table app_public.request_events add constraint request_events_type_fkey
  foreign key (type) references app_public.event_types;

-- The quote an event is about, where it is about one (a feed's and the write budget's key).
alter table app_public.request_events add column quote_id uuid references app_public.quotes on delete cascade;
update app_public.request_events set quote_id = (detail ->> 'quoteId')::uuid where detail ? 'quoteId';
create index request_events_quote_idx on app_public.request_events (quote_id, id) where quote_id is not null;
comment on column app_public.request_events.detail is 'The event''s payload: what happened. Shared types show it to the parties, so it never holds a secret.';

-- record_event replaces log_event (a new argument: the quote).
drop function app_private.log_event(text, uuid, uuid, jsonb);
-- pro_acted's first argument is now named for what it holds (an event type).
drop function if exists app_private.pro_acted(text, app_public.quotes, jsonb, jsonb);
-- A staff action for a pro is audited under its event type (dotted); earlier rows keep the old kind.
alter table app_public.staff_audit drop constraint staff_audit_action_check;
alter table app_public.staff_audit add constraint staff_audit_action_check check (action ~ '^[a-z_.]{1,40}$');
