-- The caller of a key's digest, without counting anything (assume_caller's lookup). PL/pgSQL,
-- not SQL: a SQL function that cannot be inlined (security definer, its own settings) has its
-- query parsed and planned again in every transaction that calls it, and this one is called in
-- every keyed request's transaction (0.4 ms of PostgreSQL CPU per request under the bench's
-- load, against a plan kept for the session: docs/performance.md, "Issue 25").
CREATE OR REPLACE FUNCTION app_hidden.key_caller(p_key_digest bytea)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return (select json_build_object('userId', k.user_id, 'tier', case when k.tier = 'admin' and u.is_admin then 'admin' else 'public' end)
            from app_private.api_key_secrets s
            join app_public.api_keys k on k.id = s.key_id
            join app_public.users u on u.id = k.user_id
           where s.digest = p_key_digest and k.revoked_at is null);
end
$function$;
comment on function app_hidden.key_caller(bytea) is 'The user and effective tier of an active key''s digest, or null.';
revoke all on function app_hidden.key_caller(bytea) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.key_caller(bytea) to marine_anonymous;
