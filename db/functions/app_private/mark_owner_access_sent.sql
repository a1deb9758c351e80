CREATE OR REPLACE FUNCTION app_private.mark_owner_access_sent(p_opportunity_id uuid)
 RETURNS void
 LANGUAGE sql
AS $function$ select app_private.log_event('owner_access_sent', null, p_opportunity_id) $function$;
comment on function app_private.mark_owner_access_sent(uuid) is null;
revoke all on function app_private.mark_owner_access_sent(uuid) from public, marine_anonymous, marine_agent, marine_admin;
