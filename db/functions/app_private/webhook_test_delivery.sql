-- What a test delivery sends: a synthetic webhook.test event, signed like any other; null when
-- the endpoint is gone or disabled.
CREATE OR REPLACE FUNCTION app_private.webhook_test_delivery(p_endpoint_id uuid, p_webhook_id text, p_created_at timestamp with time zone)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_target jsonb := app_private.webhook_target(p_endpoint_id);
begin
  if v_target is null then
    return null;
  end if;
  return (v_target || jsonb_build_object('eventId', null, 'webhookId', p_webhook_id, 'type', 'webhook.test',
    'body', app_private.webhook_body('webhook.test', p_created_at, jsonb_build_object('id', p_webhook_id, 'type', 'webhook.test',
      'createdAt', app_hidden.iso_time(p_created_at), 'requestId', null, 'opportunityId', null, 'quoteId', null,
      'data', jsonb_build_object('message', 'A test delivery: your endpoint receives and verifies our webhooks.')))))::json;
end
$function$;
comment on function app_private.webhook_test_delivery(uuid,text,timestamp with time zone) is null;
revoke all on function app_private.webhook_test_delivery(uuid,text,timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
