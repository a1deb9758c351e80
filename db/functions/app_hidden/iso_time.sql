-- Timestamps in API output: ISO 8601 in UTC with milliseconds, whatever the session time zone.
CREATE OR REPLACE FUNCTION app_hidden.iso_time(p timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select to_char(p at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $function$;
comment on function app_hidden.iso_time(timestamp with time zone) is 'ISO 8601 in UTC with milliseconds, as every response shows times.';
revoke all on function app_hidden.iso_time(timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.iso_time(timestamp with time zone) to marine_anonymous;
