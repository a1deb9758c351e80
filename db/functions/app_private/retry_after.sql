-- RATEL's detail (db/ERRORS.md): the whole seconds, at least 1, until p_at, when a refused caller
-- may try again; the API sends them as Retry-After. SQL, so the caller's plan inlines it.
CREATE OR REPLACE FUNCTION app_private.retry_after(p_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ select greatest(1, ceil(extract(epoch from p_at - now())))::int::text $function$;
comment on function app_private.retry_after(timestamp with time zone) is null;
revoke all on function app_private.retry_after(timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
