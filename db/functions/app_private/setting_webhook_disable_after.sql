-- Setting: how long an endpoint may fail (no 2xx since its first failure) before it is disabled and its account told by e-mail.
CREATE OR REPLACE FUNCTION app_private.setting_webhook_disable_after()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$ select interval '3 days' $function$;
comment on function app_private.setting_webhook_disable_after() is null;
revoke all on function app_private.setting_webhook_disable_after() from public, marine_anonymous, marine_agent, marine_admin;
