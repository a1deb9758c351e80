CREATE OR REPLACE FUNCTION app_hidden.is_slug(p text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select p ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(p) <= 120 $function$;
comment on function app_hidden.is_slug(text) is 'A lowercase kebab-case slug of at most 120 characters.';
revoke all on function app_hidden.is_slug(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.is_slug(text) to marine_anonymous;
