-- The caller's user id from the transaction's claims, or null when anonymous.
CREATE OR REPLACE FUNCTION app_public.current_user_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$ select nullif(current_setting('app.user_id', true), '')::uuid $function$;
comment on function app_public.current_user_id() is 'The id of the user the request runs for, or null for anonymous callers.';
revoke all on function app_public.current_user_id() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.current_user_id() to marine_anonymous;
