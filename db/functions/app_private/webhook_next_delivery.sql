-- The delivery job's next step for one endpoint and request: the oldest pending event, signed
-- material included (URL, secret, webhook-id, body), or null when nothing is left to send (or
-- the endpoint was deleted or disabled).
CREATE OR REPLACE FUNCTION app_private.webhook_next_delivery(p_endpoint_id uuid, p_request_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_target jsonb := app_private.webhook_target(p_endpoint_id);
  v_event app_public.request_events;
begin
  if v_target is null then
    return null;
  end if;
  select e.* into v_event
    from app_public.webhook_deliveries d join app_public.request_events e on e.id = d.event_id
   where d.endpoint_id = p_endpoint_id and d.request_id = p_request_id and d.status = 'pending'
   order by d.event_id
   limit 1;
  if not found then
    return null;
  end if;
  return (v_target || jsonb_build_object('eventId', v_event.id, 'webhookId', 'evt_' || v_event.id, 'type', v_event.type,
    'body', app_private.webhook_body(v_event.type, v_event.created_at, app_private.event_json(v_event))))::json;
end
$function$;
comment on function app_private.webhook_next_delivery(uuid,uuid) is null;
revoke all on function app_private.webhook_next_delivery(uuid,uuid) from public, marine_anonymous, marine_agent, marine_admin;
