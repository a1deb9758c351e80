CREATE OR REPLACE FUNCTION app_public.pro_propose_visits(quote_id uuid, times timestamp with time zone[])
 RETURNS app_public.visits
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
  perform app_private.pro_acted('pro_visits_proposed', v_quote, jsonb_build_object('visitId', v_visit.id), to_jsonb(v_visit));
  return v_visit;
end
$function$;
comment on function app_public.pro_propose_visits(uuid,timestamp with time zone[]) is 'For a pro: proposes visit times (1 to 10, in the future) for the owner to choose from.';
revoke all on function app_public.pro_propose_visits(uuid,timestamp with time zone[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_propose_visits(uuid,timestamp with time zone[]) to marine_admin;
