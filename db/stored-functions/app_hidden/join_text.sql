-- array_to_string is only STABLE (it calls type output functions); for text[] it is immutable,
-- which the generated search column needs.
CREATE OR REPLACE FUNCTION app_hidden.join_text(p text[])
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select array_to_string(p, ' ') $function$;
comment on function app_hidden.join_text(text[]) is 'array_to_string for text[], declared immutable for the generated search column.';
revoke all on function app_hidden.join_text(text[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.join_text(text[]) to marine_anonymous;
