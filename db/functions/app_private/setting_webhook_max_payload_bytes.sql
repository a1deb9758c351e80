-- Setting: the largest webhook body; an event whose body would be larger is delivered with its data replaced by {"truncated": true} (the event itself stays readable in the feeds).
CREATE OR REPLACE FUNCTION app_private.setting_webhook_max_payload_bytes()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 65536 $function$;
comment on function app_private.setting_webhook_max_payload_bytes() is null;
revoke all on function app_private.setting_webhook_max_payload_bytes() from public, marine_anonymous, marine_agent, marine_admin;
