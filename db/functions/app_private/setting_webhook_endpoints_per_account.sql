-- Setting: how many webhook endpoints one account may have. Each gets every shared event of the account's requests, so a few (one per environment or receiver) are enough, and each more multiplies the deliveries (docs/decisions.md, "Webhook deliveries").
CREATE OR REPLACE FUNCTION app_private.setting_webhook_endpoints_per_account()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 5 $function$;
comment on function app_private.setting_webhook_endpoints_per_account() is null;
revoke all on function app_private.setting_webhook_endpoints_per_account() from public, marine_anonymous, marine_agent, marine_admin;
