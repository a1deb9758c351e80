-- Up Migration
-- Working an Opportunity: each quote thread holds messages, missing-info requests, proposed
-- visits and estimates. Pros act through staff (GraphQL mutations below, admins only); owners
-- act with their access token through the app_hidden.owner_* functions. Transitions live here.

create table app_public.quote_messages (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references app_public.quotes on delete cascade,
  author text not null check (author in ('owner', 'pro')),
  body text not null check (length(body) between 1 and 5000),
  source text not null default 'demand-side-search-mcp',
  created_at timestamptz not null default now()
);
create index quote_messages_quote_idx on app_public.quote_messages (quote_id, created_at, id);
comment on table app_public.quote_messages is 'A message in a quote thread, from the owner or the pro.';

create table app_public.info_requests (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references app_public.quotes on delete cascade,
  questions text[] not null check (cardinality(questions) between 1 and 20),
  answers text[] check (cardinality(answers) between 1 and 20),
  requested_at timestamptz not null default now(),
  answered_at timestamptz,
  check ((answers is null) = (answered_at is null))
);
create index info_requests_quote_idx on app_public.info_requests (quote_id, requested_at, id);
comment on table app_public.info_requests is 'A pro''s request for missing information, and the owner''s answers.';

create table app_public.visits (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references app_public.quotes on delete cascade,
  proposed_times timestamptz[] not null check (cardinality(proposed_times) between 1 and 10),
  selected_time timestamptz,
  status text not null default 'proposed' check (status in ('proposed', 'scheduled')),
  created_at timestamptz not null default now(),
  check ((status = 'scheduled') = (selected_time is not null))
);
create index visits_quote_idx on app_public.visits (quote_id, created_at, id);
comment on table app_public.visits is 'Visit times a pro proposed; the owner schedules one of them.';

create table app_public.estimates (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references app_public.quotes on delete cascade,
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  description text check (length(description) <= 5000),
  -- submitted -> accepted (this pro is awarded) | closed (another was accepted) | withdrawn (pro declined)
  status text not null default 'submitted' check (status in ('submitted', 'accepted', 'closed', 'withdrawn')),
  created_at timestamptz not null default now()
);
create index estimates_quote_idx on app_public.estimates (quote_id, created_at, id);
comment on table app_public.estimates is 'A pro''s estimate in a quote thread.';

-- Quote status: requested -> info_requested | visit_proposed | visit_scheduled | estimated
-- -> awarded -> completed; or declined (the pro) / closed (another pro was awarded).
alter table app_public.quotes add constraint quotes_status_check check (status in
  ('requested', 'info_requested', 'visit_proposed', 'visit_scheduled', 'estimated', 'awarded', 'completed', 'declined', 'closed'));
alter table app_public.quotes add constraint quotes_thread_status_check check (thread_status in ('open', 'closed'));
create index quotes_opportunity_idx on app_public.quotes (opportunity_id);
alter table app_public.opportunities add column awarded_quote_id uuid references app_public.quotes;
create index opportunities_awarded_quote_idx on app_public.opportunities (awarded_quote_id);

-- A review from the request flow is linked to the awarded quote, one per quote.
alter table app_public.reviews add column quote_id uuid unique references app_public.quotes;

alter table app_public.request_events drop constraint request_events_kind_check;
alter table app_public.request_events add constraint request_events_kind_check check (kind in (
  'draft_created', 'verification_sent', 'verification_failed', 'confirmed', 'pro_contacted', 'no_coverage',
  'coverage_notified', 'owner_access_sent',
  'pro_message', 'pro_info_request', 'pro_visits_proposed', 'pro_estimate', 'pro_declined',
  'owner_message', 'owner_answered', 'owner_selected_visit', 'owner_accepted_estimate', 'owner_marked_complete', 'owner_reviewed'));
-- When the owner was told about a pro's action (the e-mail job's "sent" marker).
alter table app_public.request_events add column owner_notified_at timestamptz;

alter table app_public.quote_messages enable row level security;
alter table app_public.info_requests enable row level security;
alter table app_public.visits enable row level security;
alter table app_public.estimates enable row level security;
create policy admin_all on app_public.quote_messages for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.info_requests for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.visits for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.estimates for all to marine_admin using (true) with check (true);
grant select on app_public.quote_messages, app_public.info_requests, app_public.visits, app_public.estimates to marine_admin;

------------------------------------------------------------------------------------------------
-- Opportunity status, derived from the threads (DESIGN.md), never stored. First match wins.
create function app_hidden.opportunity_status(o app_public.opportunities) returns text
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select case
      when exists (select 1 from app_public.reviews r where r.quote_id = o.awarded_quote_id) then 'reviewed'
      when exists (select 1 from app_public.quotes q where q.id = o.awarded_quote_id and q.status = 'completed') then 'completed'
      when o.awarded_quote_id is not null then 'awarded'
      when exists (select 1 from app_public.quotes q where q.opportunity_id = o.id)
       and not exists (select 1 from app_public.quotes q where q.opportunity_id = o.id and q.status <> 'declined') then 'closed'
      when exists (select 1 from app_public.info_requests i join app_public.quotes q on q.id = i.quote_id
                    where q.opportunity_id = o.id and q.thread_status = 'open' and i.answered_at is null) then 'needs_owner_info'
      when exists (select 1 from app_public.visits v join app_public.quotes q on q.id = v.quote_id
                    where q.opportunity_id = o.id and q.thread_status = 'open' and v.status = 'proposed') then 'visit_options'
      when exists (select 1 from app_public.estimates e join app_public.quotes q on q.id = e.quote_id
                    where q.opportunity_id = o.id and e.status = 'submitted') then 'quoted'
      else 'waiting_on_pros'
    end
  $$;
comment on function app_hidden.opportunity_status(app_public.opportunities) is
  'waiting_on_pros, needs_owner_info, visit_options, quoted, closed, awarded, completed or reviewed, derived from the quote threads.';
grant execute on function app_hidden.opportunity_status(app_public.opportunities) to marine_admin;

------------------------------------------------------------------------------------------------
-- Owner access: a token's Opportunity, or CREDS. Access ends 90 days after completion.
create function app_private.owner_token_opportunity(p_token text) returns app_public.opportunities
  language plpgsql stable
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities;
begin
  select o.* into v_opportunity
    from app_private.owner_access_tokens t join app_public.opportunities o on o.id = t.opportunity_id
   where t.digest = digest(p_token, 'sha256');
  if v_opportunity.id is null then
    raise exception 'Invalid owner access token' using errcode = 'CREDS';
  end if;
  if v_opportunity.completed_at is not null and v_opportunity.completed_at + interval '90 days' < now() then
    raise exception 'Owner access has expired' using errcode = 'CREDS',
      detail = 'Owner access ends 90 days after the work is completed.';
  end if;
  return v_opportunity;
end
$$;

-- The token's Opportunity when it is the one asked for; any other id is "not found", so a
-- token never reveals whether another Opportunity exists.
create function app_private.owned_opportunity(p_token text, p_opportunity_id text) returns app_public.opportunities
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owner_token_opportunity(p_token);
begin
  if v_opportunity.id::text <> lower(p_opportunity_id) then
    raise exception 'Opportunity not found' using errcode = 'NTFND';
  end if;
  return v_opportunity;
end
$$;

-- A quote of this Opportunity, locked for the write, or NTFND (ids of other Opportunities too).
create function app_private.owned_quote(p_opportunity_id uuid, p_quote_id text) returns app_public.quotes
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_quote app_public.quotes;
begin
  if app_hidden.is_uuid(p_quote_id) then
    select * into v_quote from app_public.quotes where id = p_quote_id::uuid and opportunity_id = p_opportunity_id for update;
  end if;
  if v_quote.id is null then
    raise exception 'Quote not found' using errcode = 'NTFND';
  end if;
  return v_quote;
end
$$;

create function app_private.contractor_name(p_contractor_id uuid) returns text
  language sql stable
  as $$ select name from app_public.contractors where id = p_contractor_id $$;

------------------------------------------------------------------------------------------------
-- What the owner sees.

create function app_private.visit_json(v app_public.visits, q app_public.quotes, p_contractor_name text) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('visitId', v.id, 'quoteId', q.id, 'contractorName', p_contractor_name,
      'options', (select json_agg(app_hidden.iso_time(t) order by t) from unnest(v.proposed_times) t),
      'selectedTime', app_hidden.iso_time(v.selected_time), 'status', v.status,
      'proposedAt', app_hidden.iso_time(v.created_at))
  $$;

create function app_private.quote_json(q app_public.quotes) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object(
      'quoteId', q.id, 'contractorId', c.id, 'contractorSlug', c.slug, 'contractorName', c.name,
      'quoteStatus', q.status, 'threadStatus', q.thread_status,
      'conversation', json_build_object(
        'messages', coalesce((select json_agg(json_build_object('messageId', m.id, 'author', m.author, 'content', m.body,
            'createdAt', app_hidden.iso_time(m.created_at)) order by m.created_at, m.id)
          from app_public.quote_messages m where m.quote_id = q.id), '[]'),
        'missingInfoRequests', coalesce((select json_agg(json_build_object('requestId', i.id, 'questions', i.questions,
            'answers', i.answers, 'status', case when i.answered_at is null then 'open' else 'answered' end,
            'requestedAt', app_hidden.iso_time(i.requested_at), 'answeredAt', app_hidden.iso_time(i.answered_at))
            order by i.requested_at, i.id)
          from app_public.info_requests i where i.quote_id = q.id), '[]')),
      'estimates', coalesce((select json_agg(json_build_object('estimateId', e.id, 'amount', e.amount, 'currency', e.currency,
          'description', e.description, 'status', e.status, 'submittedAt', app_hidden.iso_time(e.created_at))
          order by e.created_at, e.id)
        from app_public.estimates e where e.quote_id = q.id), '[]'),
      'visits', coalesce((select json_agg(app_private.visit_json(v, q, c.name) order by v.created_at, v.id)
        from app_public.visits v where v.quote_id = q.id), '[]'),
      'review', (select json_build_object('reviewId', r.id, 'rating', r.rating, 'review', r.body,
          'createdAt', app_hidden.iso_time(r.created_at))
        from app_public.reviews r where r.quote_id = q.id))
    from app_public.contractors c where c.id = q.contractor_id
  $$;


create function app_private.opportunity_json(o app_public.opportunities) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object(
      'opportunityId', o.id,
      'status', app_hidden.opportunity_status(o),
      'source', o.source,
      'owner', json_build_object('firstName', o.owner_first_name, 'lastName', o.owner_last_name,
        'email', o.owner_email, 'phone', o.owner_phone),
      'project', json_build_object('specialtySlug', s.slug, 'specialtyName', s.name,
        'location', o.location, 'description', o.description),
      'createdAt', app_hidden.iso_time(o.created_at),
      'completedAt', app_hidden.iso_time(o.completed_at),
      'pros', coalesce((select json_agg(app_private.quote_json(q) order by q.created_at, q.id)
        from app_public.quotes q where q.opportunity_id = o.id), '[]'))
    from app_public.specialties s where s.id = o.specialty_id
  $$;

create function app_hidden.owner_list_opportunities(p_token text) returns json
  language sql stable security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('opportunities', json_build_array(app_private.opportunity_json(app_private.owner_token_opportunity(p_token))),
      'ownerAccessScope', 'single_opportunity')
  $$;
comment on function app_hidden.owner_list_opportunities(text) is 'The one Opportunity an owner token is scoped to; see GET .../owner/opportunities.';

create function app_hidden.owner_get_opportunity(p_token text, p_opportunity_id text) returns json
  language sql stable security definer
  set search_path to pg_catalog, public, pg_temp
  as $$ select app_private.opportunity_json(app_private.owned_opportunity(p_token, p_opportunity_id)) $$;
comment on function app_hidden.owner_get_opportunity(text, text) is 'The Owner Opportunity; see GET .../owner/opportunities/{id}.';

create function app_hidden.owner_opportunity_status(p_token text, p_opportunity_id text) returns json
  language sql stable security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('opportunityId', o.id, 'status', app_hidden.opportunity_status(o),
      'pros', coalesce((select json_agg(json_build_object('quoteId', q.id, 'contractorId', c.id, 'contractorSlug', c.slug,
          'contractorName', c.name, 'quoteStatus', q.status, 'threadStatus', q.thread_status,
          'openMissingInfoRequests', (select count(*) from app_public.info_requests i where i.quote_id = q.id and i.answered_at is null),
          'pendingVisits', (select count(*) from app_public.visits v where v.quote_id = q.id and v.status = 'proposed'),
          'submittedEstimates', (select count(*) from app_public.estimates e where e.quote_id = q.id and e.status = 'submitted'))
          order by q.created_at, q.id)
        from app_public.quotes q join app_public.contractors c on c.id = q.contractor_id where q.opportunity_id = o.id), '[]'))
    from app_private.owned_opportunity(p_token, p_opportunity_id) o
  $$;
comment on function app_hidden.owner_opportunity_status(text, text) is 'Status and per-pro status; see GET .../owner/opportunities/{id}/status.';

create function app_hidden.owner_visit_options(p_token text, p_opportunity_id text) returns json
  language sql stable security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('opportunityId', o.id,
      'visits', coalesce((select json_agg(app_private.visit_json(v, q, c.name) order by v.created_at, v.id)
        from app_public.visits v join app_public.quotes q on q.id = v.quote_id join app_public.contractors c on c.id = q.contractor_id
       where q.opportunity_id = o.id), '[]'))
    from app_private.owned_opportunity(p_token, p_opportunity_id) o
  $$;
comment on function app_hidden.owner_visit_options(text, text) is 'Visits the pros proposed; see GET .../owner/opportunities/{id}/visit-options.';

------------------------------------------------------------------------------------------------
-- What the owner does. Each write checks everything first; without p_confirm it returns
-- {"preview": {action, detail}} and writes nothing (the 202 preview), with it the write happens
-- and it returns {opportunityId}.

create function app_private.preview_or_done(p_confirm boolean, p_action text, p_detail json, p_opportunity_id uuid) returns json
  language sql immutable
  as $$
    select case when p_confirm then json_build_object('opportunityId', p_opportunity_id)
                else json_build_object('preview', json_build_object('action', p_action, 'detail', p_detail)) end
  $$;

create function app_private.open_thread(q app_public.quotes) returns void
  language plpgsql stable
  as $$
begin
  if q.thread_status <> 'open' then
    raise exception 'This quote thread is closed' using errcode = 'CONFL',
      detail = format('The quote is %s.', q.status);
  end if;
end
$$;

create function app_hidden.owner_send_message(p_token text, p_opportunity_id text, p_quote_id text, p_content text, p_confirm boolean)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owned_opportunity(p_token, p_opportunity_id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
begin
  perform app_private.open_thread(v_quote);
  if p_confirm then
    insert into app_public.quote_messages (quote_id, author, body) values (v_quote.id, 'owner', p_content);
    perform app_private.log_event('owner_message', null, v_opportunity.id, jsonb_build_object('quoteId', v_quote.id));
  end if;
  return app_private.preview_or_done(p_confirm, 'send_message', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'content', p_content), v_opportunity.id);
end
$$;
comment on function app_hidden.owner_send_message is 'The owner messages a pro; see POST .../owner/opportunities/{id}/messages.';

create function app_hidden.owner_answer_missing_info(p_token text, p_opportunity_id text, p_quote_id text, p_answers text[], p_confirm boolean)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owned_opportunity(p_token, p_opportunity_id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
  v_request app_public.info_requests;
begin
  perform app_private.open_thread(v_quote);
  select * into v_request from app_public.info_requests
   where quote_id = v_quote.id and answered_at is null order by requested_at, id limit 1 for update;
  if v_request.id is null then
    raise exception 'This pro has no open missing-info request' using errcode = 'CONFL';
  end if;
  if p_confirm then
    update app_public.info_requests set answers = p_answers, answered_at = now() where id = v_request.id;
    perform app_private.log_event('owner_answered', null, v_opportunity.id,
      jsonb_build_object('quoteId', v_quote.id, 'infoRequestId', v_request.id));
  end if;
  return app_private.preview_or_done(p_confirm, 'answer_missing_info', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'requestId', v_request.id,
    'questions', v_request.questions, 'answers', p_answers), v_opportunity.id);
end
$$;
comment on function app_hidden.owner_answer_missing_info is 'The owner answers a pro''s open missing-info request; see POST .../missing-info.';

create function app_hidden.owner_select_visit_time(p_token text, p_opportunity_id text, p_quote_id text, p_visit_id text,
  p_selected_time timestamptz, p_confirm boolean)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owned_opportunity(p_token, p_opportunity_id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
  v_visit app_public.visits;
begin
  if app_hidden.is_uuid(p_visit_id) then
    select * into v_visit from app_public.visits where id = p_visit_id::uuid and quote_id = v_quote.id for update;
  end if;
  if v_visit.id is null then
    raise exception 'Visit not found' using errcode = 'NTFND';
  end if;
  perform app_private.open_thread(v_quote);
  if v_visit.status <> 'proposed' then
    raise exception 'A time was already chosen for this visit' using errcode = 'CONFL';
  end if;
  -- Instants compare as instants: any ISO spelling of a proposed time matches it.
  if not p_selected_time = any (v_visit.proposed_times) then
    raise exception 'selectedTime is not one of the proposed times' using errcode = 'INVAL',
      detail = format('selectedTime: choose one of %s', (select string_agg(app_hidden.iso_time(t), ', ' order by t) from unnest(v_visit.proposed_times) t));
  end if;
  if p_confirm then
    update app_public.visits set selected_time = p_selected_time, status = 'scheduled' where id = v_visit.id;
    update app_public.quotes set status = 'visit_scheduled' where id = v_quote.id and status in ('requested', 'info_requested', 'visit_proposed');
    perform app_private.log_event('owner_selected_visit', null, v_opportunity.id,
      jsonb_build_object('quoteId', v_quote.id, 'visitId', v_visit.id));
  end if;
  return app_private.preview_or_done(p_confirm, 'select_visit_time', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'visitId', v_visit.id,
    'selectedTime', app_hidden.iso_time(p_selected_time)), v_opportunity.id);
end
$$;
comment on function app_hidden.owner_select_visit_time is 'The owner chooses one of the proposed visit times; see POST .../select-visit-time.';

create function app_hidden.owner_accept_estimate(p_token text, p_opportunity_id text, p_estimate_id text, p_confirm boolean)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owned_opportunity(p_token, p_opportunity_id);
  v_estimate app_public.estimates;
  v_quote app_public.quotes;
  v_closing uuid[];
begin
  -- The Opportunity row is locked first, so two acceptances cannot both award.
  select * into v_opportunity from app_public.opportunities where id = v_opportunity.id for update;
  if app_hidden.is_uuid(p_estimate_id) then
    select e.* into v_estimate from app_public.estimates e join app_public.quotes q on q.id = e.quote_id
     where e.id = p_estimate_id::uuid and q.opportunity_id = v_opportunity.id;
  end if;
  if v_estimate.id is null then
    raise exception 'Estimate not found' using errcode = 'NTFND';
  end if;
  if v_opportunity.awarded_quote_id is not null then
    raise exception 'This Opportunity is already awarded' using errcode = 'CONFL';
  end if;
  if v_estimate.status <> 'submitted' then
    raise exception 'This estimate can no longer be accepted' using errcode = 'CONFL',
      detail = format('The estimate is %s.', v_estimate.status);
  end if;
  select * into v_quote from app_public.quotes where id = v_estimate.quote_id;
  select coalesce(array_agg(e.id order by e.id), '{}') into v_closing
    from app_public.estimates e join app_public.quotes q on q.id = e.quote_id
   where q.opportunity_id = v_opportunity.id and e.status = 'submitted' and e.id <> v_estimate.id;
  if p_confirm then
    update app_public.estimates set status = 'accepted' where id = v_estimate.id;
    update app_public.estimates set status = 'closed' where id = any (v_closing);
    update app_public.quotes set status = 'awarded' where id = v_quote.id;
    update app_public.quotes set status = 'closed', thread_status = 'closed'
     where opportunity_id = v_opportunity.id and id <> v_quote.id and status <> 'declined';
    update app_public.opportunities set awarded_quote_id = v_quote.id where id = v_opportunity.id;
    perform app_private.log_event('owner_accepted_estimate', null, v_opportunity.id,
      jsonb_build_object('quoteId', v_quote.id, 'estimateId', v_estimate.id));
  end if;
  return app_private.preview_or_done(p_confirm, 'accept_estimate', json_build_object('estimateId', v_estimate.id,
    'quoteId', v_quote.id, 'contractorName', app_private.contractor_name(v_quote.contractor_id),
    'amount', v_estimate.amount, 'currency', v_estimate.currency, 'closesEstimates', to_json(v_closing)), v_opportunity.id);
end
$$;
comment on function app_hidden.owner_accept_estimate is 'The owner accepts an estimate: awards that pro and closes every other submitted estimate; see POST .../accept-estimate.';

create function app_hidden.owner_mark_complete(p_token text, p_opportunity_id text, p_quote_id text, p_confirm boolean)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owned_opportunity(p_token, p_opportunity_id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
begin
  if v_opportunity.awarded_quote_id is distinct from v_quote.id then
    raise exception 'Only the awarded pro''s thread can be marked complete' using errcode = 'CONFL';
  end if;
  if v_quote.status = 'completed' then
    raise exception 'This work is already marked complete' using errcode = 'CONFL';
  end if;
  if p_confirm then
    update app_public.quotes set status = 'completed' where id = v_quote.id;
    update app_public.opportunities set completed_at = now() where id = v_opportunity.id;
    perform app_private.log_event('owner_marked_complete', null, v_opportunity.id, jsonb_build_object('quoteId', v_quote.id));
  end if;
  return app_private.preview_or_done(p_confirm, 'mark_complete', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id)), v_opportunity.id);
end
$$;
comment on function app_hidden.owner_mark_complete is 'The owner marks the awarded pro''s work complete; see POST .../mark-complete.';

create function app_hidden.owner_review(p_token text, p_opportunity_id text, p_quote_id text, p_rating integer, p_review text, p_confirm boolean)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities := app_private.owned_opportunity(p_token, p_opportunity_id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
begin
  if exists (select 1 from app_public.reviews where quote_id = v_quote.id) then
    raise exception 'A review already exists for this work' using errcode = 'CONFL';
  end if;
  if v_opportunity.awarded_quote_id is distinct from v_quote.id or v_quote.status <> 'completed' then
    raise exception 'Only completed work by the awarded pro can be reviewed' using errcode = 'CONFL';
  end if;
  if p_confirm then
    -- The review joins the pro's public profile; the rating triggers update its rating and count.
    insert into app_public.reviews (contractor_id, quote_id, rating, body, author_name, source)
      values (v_quote.contractor_id, v_quote.id, p_rating, p_review,
        v_opportunity.owner_first_name || coalesce(' ' || left(v_opportunity.owner_last_name, 1) || '.', ''),
        'demand-side-search-mcp');
    perform app_private.log_event('owner_reviewed', null, v_opportunity.id, jsonb_build_object('quoteId', v_quote.id));
  end if;
  return app_private.preview_or_done(p_confirm, 'review', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'rating', p_rating, 'review', p_review), v_opportunity.id);
end
$$;
comment on function app_hidden.owner_review is 'The owner reviews completed work; it appears on the pro''s profile; see POST .../review.';

grant execute on function
  app_hidden.owner_list_opportunities(text), app_hidden.owner_get_opportunity(text, text),
  app_hidden.owner_opportunity_status(text, text), app_hidden.owner_visit_options(text, text),
  app_hidden.owner_send_message(text, text, text, text, boolean),
  app_hidden.owner_answer_missing_info(text, text, text, text[], boolean),
  app_hidden.owner_select_visit_time(text, text, text, text, timestamptz, boolean),
  app_hidden.owner_accept_estimate(text, text, text, boolean),
  app_hidden.owner_mark_complete(text, text, text, boolean),
  app_hidden.owner_review(text, text, text, integer, text, boolean)
  to marine_anonymous;

------------------------------------------------------------------------------------------------
-- What pros do, through staff: GraphQL mutations for admins. Each checks the thread's state,
-- records an event and queues an e-mail to the owner.

create function app_private.pro_acted(p_kind text, q app_public.quotes, p_detail jsonb default '{}') returns void
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_event_id bigint;
begin
  insert into app_public.request_events (kind, opportunity_id, detail)
    values (p_kind, q.opportunity_id, p_detail || jsonb_build_object('quoteId', q.id))
    returning id into v_event_id;
  perform graphile_worker.add_job('request_events__notify_owner', json_build_object('eventId', v_event_id),
    job_key := 'notify-owner:' || v_event_id);
end
$$;

create function app_private.actionable_quote(p_quote_id uuid) returns app_public.quotes
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_quote app_public.quotes;
begin
  select * into v_quote from app_public.quotes where id = p_quote_id for update;
  if v_quote.id is null then
    raise exception 'Quote not found' using errcode = 'NTFND';
  end if;
  perform app_private.open_thread(v_quote);
  return v_quote;
end
$$;

create function app_private.before_award(q app_public.quotes) returns void
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if exists (select 1 from app_public.opportunities where id = q.opportunity_id and awarded_quote_id is not null) then
    raise exception 'This Opportunity is already awarded' using errcode = 'CONFL';
  end if;
end
$$;

create function app_public.pro_send_message(quote_id uuid, content text) returns app_public.quote_messages
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_message app_public.quote_messages;
begin
  insert into app_public.quote_messages (quote_id, author, body) values (v_quote.id, 'pro', content) returning * into v_message;
  perform app_private.pro_acted('pro_message', v_quote, jsonb_build_object('messageId', v_message.id));
  return v_message;
end
$$;
comment on function app_public.pro_send_message(uuid, text) is 'For a pro: sends a message to the owner in a quote thread.';

create function app_public.pro_request_missing_info(quote_id uuid, questions text[]) returns app_public.info_requests
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_request app_public.info_requests;
begin
  perform app_private.before_award(v_quote);
  insert into app_public.info_requests (quote_id, questions) values (v_quote.id, questions) returning * into v_request;
  update app_public.quotes set status = 'info_requested' where id = v_quote.id and status = 'requested';
  perform app_private.pro_acted('pro_info_request', v_quote, jsonb_build_object('infoRequestId', v_request.id));
  return v_request;
end
$$;
comment on function app_public.pro_request_missing_info(uuid, text[]) is 'For a pro: asks the owner questions (1 to 20) before quoting.';

create function app_public.pro_propose_visits(quote_id uuid, times timestamptz[]) returns app_public.visits
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_visit app_public.visits;
begin
  perform app_private.before_award(v_quote);
  if exists (select 1 from unnest(times) t where t <= now()) then
    raise exception 'Visit times must be in the future' using errcode = 'INVAL';
  end if;
  insert into app_public.visits (quote_id, proposed_times)
    values (v_quote.id, (select array_agg(distinct t order by t) from unnest(times) t)) returning * into v_visit;
  update app_public.quotes set status = 'visit_proposed' where id = v_quote.id and status in ('requested', 'info_requested');
  perform app_private.pro_acted('pro_visits_proposed', v_quote, jsonb_build_object('visitId', v_visit.id));
  return v_visit;
end
$$;
comment on function app_public.pro_propose_visits(uuid, timestamptz[]) is 'For a pro: proposes visit times (1 to 10, in the future) for the owner to choose from.';

create function app_public.pro_submit_estimate(quote_id uuid, amount numeric, currency text default 'USD', description text default null)
  returns app_public.estimates
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_estimate app_public.estimates;
begin
  perform app_private.before_award(v_quote);
  insert into app_public.estimates (quote_id, amount, currency, description)
    values (v_quote.id, amount, upper(coalesce(currency, 'USD')), description) returning * into v_estimate;
  update app_public.quotes set status = 'estimated' where id = v_quote.id;
  perform app_private.pro_acted('pro_estimate', v_quote, jsonb_build_object('estimateId', v_estimate.id));
  return v_estimate;
end
$$;
comment on function app_public.pro_submit_estimate(uuid, numeric, text, text) is 'For a pro: submits an estimate (amount, currency, description).';

create function app_public.pro_decline(quote_id uuid, reason text default null) returns app_public.quotes
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
-- The parameter is named for GraphQL; in statements, quote_id means the column.
#variable_conflict use_column
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
begin
  if v_quote.status in ('awarded', 'completed') then
    raise exception 'An awarded pro cannot decline' using errcode = 'CONFL';
  end if;
  update app_public.estimates set status = 'withdrawn' where quote_id = v_quote.id and status = 'submitted';
  update app_public.quotes set status = 'declined', thread_status = 'closed' where id = v_quote.id returning * into v_quote;
  perform app_private.pro_acted('pro_declined', v_quote, jsonb_build_object('reason', reason));
  return v_quote;
end
$$;
comment on function app_public.pro_decline(uuid, text) is 'For a pro: declines the request; its submitted estimates are withdrawn.';

grant execute on function
  app_public.pro_send_message(uuid, text), app_public.pro_request_missing_info(uuid, text[]),
  app_public.pro_propose_visits(uuid, timestamptz[]), app_public.pro_submit_estimate(uuid, numeric, text, text),
  app_public.pro_decline(uuid, text)
  to marine_admin;

-- Worker side: the owner's e-mail about a pro's action.
create function app_private.owner_notice(p_event_id bigint) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('eventId', e.id, 'kind', e.kind, 'opportunityId', o.id, 'to', o.owner_email,
      'firstName', o.owner_first_name, 'proName', c.name, 'service', s.name)
      from app_public.request_events e
      join app_public.opportunities o on o.id = e.opportunity_id
      join app_public.quotes q on q.id = (e.detail->>'quoteId')::uuid
      join app_public.contractors c on c.id = q.contractor_id
      join app_public.specialties s on s.id = o.specialty_id
     where e.id = p_event_id and e.owner_notified_at is null
  $$;

create function app_private.mark_owner_notified(p_event_id bigint) returns void
  language sql volatile
  as $$ update app_public.request_events set owner_notified_at = now() where id = p_event_id $$;
