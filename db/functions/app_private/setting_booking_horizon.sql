-- Setting: how far ahead a visit time or an estimate's last day may be. Far enough for any real
-- booking, near enough that a mistyped year (9999) is refused rather than stored.
CREATE OR REPLACE FUNCTION app_private.setting_booking_horizon()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$ select interval '5 years' $function$;
comment on function app_private.setting_booking_horizon() is null;
revoke all on function app_private.setting_booking_horizon() from public, marine_anonymous, marine_agent, marine_admin;
