-- Removes up to p_batch delivery attempts, and as many deliveries no longer pending (delivered or
-- abandoned), older than setting_webhook_log_retention, so the webhook tables follow the last
-- month's traffic, not all of it. Pending deliveries are never removed. The job worker runs it
-- every hour (worker/tasks/webhooks__prune.ts). Returns the rows removed. p_now is for tests;
-- null reads the clock.
CREATE OR REPLACE FUNCTION app_private.webhook_prune(p_batch integer, p_now timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
  with cutoff as (
    select coalesce(p_now, clock_timestamp()) - app_private.setting_webhook_log_retention() as at
  ), attempts as (
    delete from app_public.webhook_attempts a
     where a.id in (select o.id from app_public.webhook_attempts o, cutoff where o.attempted_at < cutoff.at limit p_batch)
    returning 1
  ), deliveries as (
    delete from app_public.webhook_deliveries d
     where (d.endpoint_id, d.event_id) in (select o.endpoint_id, o.event_id from app_public.webhook_deliveries o, cutoff
                                            where o.status <> 'pending' and o.created_at < cutoff.at limit p_batch)
    returning 1
  )
  select ((select count(*) from attempts) + (select count(*) from deliveries))::integer
$function$;
comment on function app_private.webhook_prune(integer,timestamp with time zone) is null;
revoke all on function app_private.webhook_prune(integer,timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
