-- POST /api/v1/webhook-endpoints/{id}/test: queues one synthetic, signed `webhook.test` event to
-- the endpoint, delivered by the worker like any other (one attempt, logged with the others) and
-- not counted as a failure of the endpoint.
CREATE OR REPLACE FUNCTION app_hidden.test_webhook_endpoint(p_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_endpoint app_public.webhook_endpoints := app_hidden.owned_webhook_endpoint(p_id);
  v_webhook_id text := 'evt_test_' || replace(gen_random_uuid()::text, '-', '');
  v_at timestamptz := now();
begin
  if v_endpoint.disabled_at is not null then
    raise exception 'Webhook endpoint is disabled' using errcode = 'CONFL',
      detail = 'It failed for too long; create a new endpoint to receive events again.';
  end if;
  perform graphile_worker.add_job('webhook_endpoints__test',
    json_build_object('endpointId', p_id, 'webhookId', v_webhook_id, 'createdAt', app_hidden.iso_time(v_at)),
    max_attempts := 1);
  return json_build_object('webhookId', v_webhook_id, 'type', 'webhook.test', 'queuedAt', app_hidden.iso_time(v_at));
end
$function$;
comment on function app_hidden.test_webhook_endpoint(uuid) is 'Queues a signed webhook.test delivery to one of the caller''s endpoints; see POST /api/v1/webhook-endpoints/{id}/test.';
revoke all on function app_hidden.test_webhook_endpoint(uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.test_webhook_endpoint(uuid) to marine_anonymous;
