-- Limits (DESIGN.md; overridable per call by the HTTP layer's configuration).
CREATE OR REPLACE FUNCTION app_hidden.active_key_limit(p_is_admin boolean)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select case when p_is_admin then 5 else 2 end $function$;
comment on function app_hidden.active_key_limit(boolean) is 'How many unrevoked keys a user may hold: 5 for admins, 2 for everyone else.';
revoke all on function app_hidden.active_key_limit(boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.active_key_limit(boolean) to marine_anonymous;
