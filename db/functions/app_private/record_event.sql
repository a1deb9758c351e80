-- The one writer of the event log: every change in a request's life calls it in the change's own
-- transaction, so an event exists exactly when its change committed. What the event sets off
-- (e-mails, webhook deliveries) is queued from here, in the same transaction.
CREATE OR REPLACE FUNCTION app_private.record_event(p_type text, p_request_id uuid, p_opportunity_id uuid,
  p_quote_id uuid, p_payload jsonb DEFAULT '{}'::jsonb)
 RETURNS app_public.request_events
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_event app_public.request_events;
begin
  insert into app_public.request_events (type, request_id, opportunity_id, quote_id, detail)
    -- Every event of a verified request names the request too, so a request's events are one query.
    values (p_type, coalesce(p_request_id, (select o.request_id from app_public.opportunities o where o.id = p_opportunity_id)),
      p_opportunity_id, p_quote_id, p_payload)
    returning * into v_event;
  -- Webhook deliveries to the agent that made the request, for the types the parties may see.
  if (select t.shared from app_public.event_types t where t.type = p_type) then
    perform app_private.queue_webhook_deliveries(v_event);
  end if;
  perform app_private.queue_notices(v_event);
  return v_event;
end
$function$;
comment on function app_private.record_event(text,uuid,uuid,uuid,jsonb) is null;
revoke all on function app_private.record_event(text,uuid,uuid,uuid,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
