-- A pro proposes visit times (1 to 10 distinct instants, all in the future and within the booking
-- horizon), before any award.
-- For every door; q comes locked from app_private.actionable_quote.
CREATE OR REPLACE FUNCTION app_private.pro_act_visits(q app_public.quotes, p_times timestamp with time zone[], p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_times timestamptz[] := (select array_agg(distinct t order by t) from unnest(p_times) t where t is not null);
  v_visit app_public.visits;
begin
  perform app_private.before_award(q);
  if coalesce(cardinality(v_times), 0) not between 1 and 10 or array_position(p_times, null) is not null then
    raise exception 'Propose 1 to 10 visit times' using errcode = 'INVAL';
  end if;
  if exists (select 1 from unnest(v_times) t where t <= now()) then
    raise exception 'Visit times must be in the future' using errcode = 'INVAL';
  end if;
  if exists (select 1 from unnest(v_times) t where t > now() + app_private.setting_booking_horizon()) then
    raise exception 'Visit times must be at most % ahead', app_private.setting_booking_horizon() using errcode = 'INVAL';
  end if;
  if not p_confirm then
    return app_private.pro_preview('propose_visit_times', q,
      jsonb_build_object('options', (select jsonb_agg(app_hidden.iso_time(t) order by t) from unnest(v_times) t)));
  end if;
  insert into app_public.visits (quote_id, proposed_times) values (q.id, v_times) returning * into v_visit;
  update app_public.quotes set status = 'visit_proposed' where id = q.id and status in ('requested', 'info_requested');
  perform app_private.pro_acted('quote.visit_times_proposed', q, jsonb_build_object('visitId', v_visit.id,
    'times', (select jsonb_agg(app_hidden.iso_time(t) order by t) from unnest(v_visit.proposed_times) t)), to_jsonb(v_visit));
  return json_build_object('quoteId', q.id, 'visitId', v_visit.id);
end
$function$;
comment on function app_private.pro_act_visits(app_public.quotes,timestamp with time zone[],boolean) is null;
revoke all on function app_private.pro_act_visits(app_public.quotes,timestamp with time zone[],boolean) from public, marine_anonymous, marine_agent, marine_admin;
