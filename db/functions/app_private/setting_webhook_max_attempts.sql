-- Setting: the attempts of one delivery job. With graphile-worker's backoff (exp(min(attempt, 10)) seconds: 3 s, 7 s, 20 s, 55 s, ... then about 6 h) 25 attempts span about 4 days, longer than setting_webhook_disable_after, so an endpoint is disabled before its jobs give up.
CREATE OR REPLACE FUNCTION app_private.setting_webhook_max_attempts()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 25 $function$;
comment on function app_private.setting_webhook_max_attempts() is null;
revoke all on function app_private.setting_webhook_max_attempts() from public, marine_anonymous, marine_agent, marine_admin;
