-- GET /api/v1/webhook-endpoints/{id}/deliveries: the endpoint's latest attempts, newest first,
-- and how many events wait. Row-level security shows only the caller's own (NTFND otherwise).
CREATE OR REPLACE FUNCTION app_hidden.webhook_endpoint_deliveries(p_id uuid, p_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_endpoint app_public.webhook_endpoints := app_hidden.owned_webhook_endpoint(p_id);
begin
  return json_build_object(
    'endpoint', app_hidden.webhook_endpoint_json(v_endpoint),
    'pending', (select count(*) from app_public.webhook_deliveries d where d.endpoint_id = p_id and d.status = 'pending'),
    'attempts', coalesce((select json_agg(json_build_object(
        'webhookId', a.webhook_id, 'eventType', a.event_type,
        'attemptedAt', app_hidden.iso_time(a.attempted_at),
        'delivered', a.error is null, 'statusCode', a.status_code, 'error', a.error, 'durationMs', a.duration_ms)
        order by a.id desc)
      from (select * from app_public.webhook_attempts a where a.endpoint_id = p_id order by a.id desc limit p_limit) a), '[]'));
end
$function$;
comment on function app_hidden.webhook_endpoint_deliveries(uuid,integer) is 'One of the caller''s endpoints with its latest delivery attempts (event, time, status, error); see GET /api/v1/webhook-endpoints/{id}/deliveries.';
revoke all on function app_hidden.webhook_endpoint_deliveries(uuid,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.webhook_endpoint_deliveries(uuid,integer) to marine_anonymous;
