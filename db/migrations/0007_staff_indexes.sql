-- Up Migration
-- What staff filter and group by in GraphQL. PostGraphile (Amber) offers conditions, order and
-- grouping only on indexed columns, and the indexes make those queries cheap anyway.

create index opportunities_specialty_idx on app_public.opportunities (specialty_id);
create index opportunities_created_idx on app_public.opportunities (created_at);
create index quotes_status_idx on app_public.quotes (status);
create index quotes_thread_status_idx on app_public.quotes (thread_status);
create index quotes_created_idx on app_public.quotes (created_at);
create index service_requests_status_idx on app_public.service_requests (status);
create index service_requests_specialty_idx on app_public.service_requests (specialty_id);
create index service_requests_created_idx on app_public.service_requests (created_at);
-- A full index beside the partial one: PostGraphile ignores partial indexes for relations.
create index api_keys_user_all_idx on app_public.api_keys (user_id);
create index api_keys_tier_idx on app_public.api_keys (tier);
create index contractors_is_active_idx on app_public.contractors (is_active);
create index contractors_is_verified_idx on app_public.contractors (is_verified);
create index users_is_admin_idx on app_public.users (is_admin);
create index posts_status_idx on app_public.posts (status);

------------------------------------------------------------------------------------------------
-- Opportunities per status, for staff: pg-aggregates groups by columns only, so the derived
-- status is also kept in a column. app_hidden.opportunity_status() stays the one rule; these
-- triggers re-apply it whenever anything it reads changes, so the column never disagrees.
alter table app_public.opportunities add column status text not null default 'waiting_on_pros';
comment on column app_public.opportunities.status is 'The derived status (see app_hidden.opportunity_status), kept current by triggers for grouping and filtering.';
create index opportunities_status_idx on app_public.opportunities (status);

create function app_private.refresh_opportunity_status(p_opportunity_id uuid) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    update app_public.opportunities o set status = app_hidden.opportunity_status(o)
     where o.id = p_opportunity_id and o.status is distinct from app_hidden.opportunity_status(o)
  $$;

-- For tables whose rows belong to a quote (info requests, visits, estimates, reviews).
create function app_private.tg__refresh_status_via_quote() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_opportunity_status(q.opportunity_id)
     from app_public.quotes q
    where q.id in ((case when tg_op = 'DELETE' then old else new end).quote_id,
                   (case when tg_op = 'INSERT' then new else old end).quote_id);
  return null;
end
$$;

create function app_private.tg_quotes__refresh_status() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_opportunity_status((case when tg_op = 'DELETE' then old else new end).opportunity_id);
  return null;
end
$$;

create function app_private.tg_opportunities__refresh_status() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_opportunity_status(new.id);
  return null;
end
$$;

create trigger _900_refresh_status after insert or update or delete on app_public.info_requests
  for each row execute function app_private.tg__refresh_status_via_quote();
create trigger _900_refresh_status after insert or update or delete on app_public.visits
  for each row execute function app_private.tg__refresh_status_via_quote();
create trigger _900_refresh_status after insert or update or delete on app_public.estimates
  for each row execute function app_private.tg__refresh_status_via_quote();
-- Directory reviews have no quote: the function finds no quote and does nothing.
create trigger _900_refresh_status after insert or update of quote_id or delete on app_public.reviews
  for each row execute function app_private.tg__refresh_status_via_quote();
create trigger _900_refresh_status after insert or update of status, thread_status or delete on app_public.quotes
  for each row execute function app_private.tg_quotes__refresh_status();
create trigger _900_refresh_status after update of awarded_quote_id on app_public.opportunities
  for each row execute function app_private.tg_opportunities__refresh_status();
