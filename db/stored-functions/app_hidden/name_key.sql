-- Exact names: a name compared without case and punctuation ("RUSSO MOTOR WORKS",
-- "reed's outboards").
CREATE OR REPLACE FUNCTION app_hidden.name_key(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ select btrim(regexp_replace(lower(p_text), '[^a-z0-9]+', ' ', 'g')) $function$;
comment on function app_hidden.name_key(text) is 'A name without case or punctuation, for exact-name matches.';
revoke all on function app_hidden.name_key(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.name_key(text) to marine_anonymous;
