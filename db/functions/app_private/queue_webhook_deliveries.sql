-- The webhook fan-out of one event, in the event's own transaction (app_private.record_event
-- calls it for shared types): a pending delivery for each enabled endpoint of the account whose
-- key created the request, and one job per endpoint and request. The job key makes that one job
-- drain every pending event of the pair in id order (a job already waiting is replaced: it runs
-- now and its attempt count starts again); the endpoint's queue runs its jobs one at a time, so a
-- job queued while another of the same pair runs waits for it (graphile-worker's add_jobs).
CREATE OR REPLACE FUNCTION app_private.queue_webhook_deliveries(p_event app_public.request_events)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_request_id uuid := p_event.request_id;
  v_user_id uuid;
  v_endpoint_id uuid;
begin
  if v_request_id is null then
    select o.request_id into v_request_id from app_public.opportunities o
     where o.id = coalesce(p_event.opportunity_id, (select q.opportunity_id from app_public.quotes q where q.id = p_event.quote_id));
  end if;
  select r.agent_user_id into v_user_id from app_public.service_requests r where r.id = v_request_id;
  if v_user_id is null then
    return;
  end if;
  for v_endpoint_id in
    insert into app_public.webhook_deliveries (endpoint_id, event_id, request_id)
      select w.id, p_event.id, v_request_id from app_public.webhook_endpoints w
       where w.user_id = v_user_id and w.disabled_at is null and (w.events is null or p_event.type = any (w.events))
      on conflict do nothing
      returning endpoint_id
  loop
    perform graphile_worker.add_job('webhook_endpoints__deliver',
      json_build_object('endpointId', v_endpoint_id, 'requestId', v_request_id),
      queue_name := 'webhooks:' || v_endpoint_id,
      job_key := 'webhook:' || v_endpoint_id || ':' || v_request_id,
      max_attempts := app_private.setting_webhook_max_attempts());
  end loop;
end
$function$;
comment on function app_private.queue_webhook_deliveries(app_public.request_events) is null;
revoke all on function app_private.queue_webhook_deliveries(app_public.request_events) from public, marine_anonymous, marine_agent, marine_admin;
