-- Setting: how long delivery attempts, and deliveries no longer pending, are kept (the deliveries
-- log shows the last ones; older rows are pruned every hour by app_private.webhook_prune).
CREATE OR REPLACE FUNCTION app_private.setting_webhook_log_retention()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$ select interval '30 days' $function$;
comment on function app_private.setting_webhook_log_retention() is null;
revoke all on function app_private.setting_webhook_log_retention() from public, marine_anonymous, marine_agent, marine_admin;
