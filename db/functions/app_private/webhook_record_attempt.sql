-- One attempt's outcome, from the delivery job. Logged; a success (p_error null) marks the
-- event delivered and the endpoint healthy; a failure of a real event starts or continues the
-- endpoint's failing period, and one that has lasted setting_webhook_disable_after disables the
-- endpoint (its pending events abandoned) and queues the e-mail to the account. A test delivery
-- (p_event_id null) is only logged. Answers {"stop": true} when no more should be sent.
CREATE OR REPLACE FUNCTION app_private.webhook_record_attempt(p_endpoint_id uuid, p_event_id bigint, p_webhook_id text, p_event_type text, p_status_code integer, p_error text, p_duration_ms integer)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_endpoint app_public.webhook_endpoints;
begin
  select * into v_endpoint from app_public.webhook_endpoints w where w.id = p_endpoint_id for update;
  if not found then
    return json_build_object('stop', true);
  end if;
  insert into app_public.webhook_attempts (endpoint_id, event_id, webhook_id, event_type, status_code, error, duration_ms)
    values (p_endpoint_id, p_event_id, p_webhook_id, p_event_type, p_status_code, left(p_error, 500), p_duration_ms);
  if p_event_id is null then
    return json_build_object('stop', false);
  end if;
  update app_public.webhook_deliveries d
     set attempts = d.attempts + 1,
         status = case when p_error is null then 'delivered' else d.status end,
         delivered_at = case when p_error is null then now() end
   where d.endpoint_id = p_endpoint_id and d.event_id = p_event_id;
  if p_error is null then
    update app_public.webhook_endpoints w set failing_since = null where w.id = p_endpoint_id and w.failing_since is not null;
    return json_build_object('stop', false);
  end if;
  update app_public.webhook_endpoints w set failing_since = coalesce(w.failing_since, now())
   where w.id = p_endpoint_id returning * into v_endpoint;
  if v_endpoint.disabled_at is null and v_endpoint.failing_since <= now() - app_private.setting_webhook_disable_after() then
    update app_public.webhook_endpoints w set disabled_at = now() where w.id = p_endpoint_id;
    update app_public.webhook_deliveries d set status = 'abandoned'
     where d.endpoint_id = p_endpoint_id and d.status = 'pending';
    perform graphile_worker.add_job('webhook_endpoints__notify_disabled', json_build_object('endpointId', p_endpoint_id),
      job_key := 'webhook-disabled:' || p_endpoint_id);
    return json_build_object('stop', true);
  end if;
  return json_build_object('stop', v_endpoint.disabled_at is not null);
end
$function$;
comment on function app_private.webhook_record_attempt(uuid,bigint,text,text,integer,text,integer) is null;
revoke all on function app_private.webhook_record_attempt(uuid,bigint,text,text,integer,text,integer) from public, marine_anonymous, marine_agent, marine_admin;
