-- Opportunity status, derived from the threads (DESIGN.md), never stored. First match wins.
CREATE OR REPLACE FUNCTION app_hidden.opportunity_status(o app_public.opportunities)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return case
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
    end;
end
$function$;
comment on function app_hidden.opportunity_status(app_public.opportunities) is 'waiting_on_pros, needs_owner_info, visit_options, quoted, closed, awarded, completed or reviewed, derived from the quote threads.';
revoke all on function app_hidden.opportunity_status(app_public.opportunities) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.opportunity_status(app_public.opportunities) to marine_admin;
