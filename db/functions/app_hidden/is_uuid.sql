-- Whether text has the shape of a UUID: anything else cannot name a row, so it is "not found"
-- rather than a cast error.
CREATE OR REPLACE FUNCTION app_hidden.is_uuid(p text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' $function$;
comment on function app_hidden.is_uuid(text) is 'Whether text has the shape of a UUID.';
revoke all on function app_hidden.is_uuid(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.is_uuid(text) to marine_anonymous;
