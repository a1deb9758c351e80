-- "j***@example.com": enough for the owner to recognise the address, not to harvest it.
CREATE OR REPLACE FUNCTION app_hidden.masked_email(p_email text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select left(p_email, 1) || '***@' || split_part(p_email, '@', 2) $function$;
comment on function app_hidden.masked_email(text) is 'An e-mail address with its local part hidden.';
revoke all on function app_hidden.masked_email(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.masked_email(text) to marine_anonymous;
