CREATE OR REPLACE FUNCTION app_private.pro_acted(p_kind text, q app_public.quotes, p_detail jsonb DEFAULT '{}'::jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_event_id bigint;
begin
  insert into app_public.request_events (kind, opportunity_id, detail)
    values (p_kind, q.opportunity_id, p_detail || jsonb_build_object('quoteId', q.id))
    returning id into v_event_id;
  perform graphile_worker.add_job('request_events__notify_owner', json_build_object('eventId', v_event_id),
    job_key := 'notify-owner:' || v_event_id);
end
$function$;
comment on function app_private.pro_acted(text,app_public.quotes,jsonb) is null;
revoke all on function app_private.pro_acted(text,app_public.quotes,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
