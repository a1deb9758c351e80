CREATE OR REPLACE FUNCTION app_hidden.like_pattern(p text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select '%' || replace(replace(replace(p, '\', '\\'), '%', '\%'), '_', '\_') || '%' $function$;
comment on function app_hidden.like_pattern(text) is 'A LIKE pattern that matches the text anywhere, with its own % and _ taken literally.';
revoke all on function app_hidden.like_pattern(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.like_pattern(text) to marine_anonymous;
