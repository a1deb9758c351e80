-- Queues the notice e-mail an event sets off, in the event's own transaction (called by
-- app_private.record_event): one job per recipient (job_key), whose run_at is now for the first
-- notice and the last send + the window while one was sent less than the window ago. 'replace'
-- keeps one pending job that runs at that time: run_at depends on the last send, not on now, so
-- a steady stream of events never pushes the e-mail further away. A job already running when
-- the event comes leaves a new one (graphile-worker's rule for a locked key); the queue name
-- runs one recipient's jobs one at a time. A stopped recipient gets no job.
CREATE OR REPLACE FUNCTION app_private.queue_notices(p_event app_public.request_events)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_side text := app_private.notice_side(p_event.type);
  v_recipient app_private.notice_recipients;
begin
  if v_side is null or p_event.opportunity_id is null or p_event.quote_id is null then
    return;
  end if;
  -- A new recipient is told from this event on (not of the thread's earlier history).
  insert into app_private.notice_recipients as r (opportunity_id, quote_id, told_event_id)
    values (p_event.opportunity_id, case when v_side = 'pro' then p_event.quote_id end, p_event.id - 1)
    on conflict (opportunity_id, quote_id) do update set told_event_id = r.told_event_id
    returning * into v_recipient;
  if v_recipient.stopped_at is not null then
    return;
  end if;
  perform graphile_worker.add_job('notices__send', json_build_object('recipientId', v_recipient.id),
    queue_name := 'notices:' || v_recipient.opportunity_id,
    run_at := greatest(now(), v_recipient.last_sent_at + app_private.setting_notice_window()),
    job_key := 'notices:' || v_recipient.id, job_key_mode := 'replace');
end
$function$;
comment on function app_private.queue_notices(app_public.request_events) is null;
revoke all on function app_private.queue_notices(app_public.request_events) from public, marine_anonymous, marine_agent, marine_admin;
