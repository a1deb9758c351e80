CREATE OR REPLACE FUNCTION app_private.mark_owner_notified(p_event_id bigint)
 RETURNS void
 LANGUAGE sql
AS $function$ update app_public.request_events set owner_notified_at = now() where id = p_event_id $function$;
comment on function app_private.mark_owner_notified(bigint) is null;
revoke all on function app_private.mark_owner_notified(bigint) from public, marine_anonymous, marine_agent, marine_admin;
