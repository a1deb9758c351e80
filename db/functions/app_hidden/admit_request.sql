-- Admission of one API request in a transaction of its own (the agent doors, staff GraphQL, a
-- replica's read, a request that ends before any operation): who is calling (a key's digest, or
-- anonymous by client address) and one count against their rolling-window quota. Returns
-- {caller, rate, role}; a spent quota raises RATEL with that object as detail, so no statement
-- after it runs and nothing is counted. An operation on the primary is admitted in its own
-- transaction instead (app_hidden.admission_check and admission_count).
-- It counts through app_private.rate_limit_take itself (as its owner): app_hidden.rate_limit_hit,
-- the same count for request roles, would add a security-definer call to every request.
CREATE OR REPLACE FUNCTION app_hidden.admit_request(p_key_digest bytea, p_client_address text, p_window_seconds integer, p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_open json := app_hidden.admission_open(p_key_digest, p_client_address, p_window_seconds, p_anonymous_limit, p_public_limit, p_admin_limit);
  v_answer json := app_private.admission_answer(v_open->'caller',
    app_private.rate_limit_take(v_open->>'bucket', (v_open->>'limit')::integer, p_window_seconds, null));
begin
  return v_answer;
end
$function$;
comment on function app_hidden.admit_request(bytea,text,integer,integer,integer,integer) is 'Authenticates an API request (key digest or anonymous) and counts it; RATEL (detail: the admission) when the quota is spent.';
revoke all on function app_hidden.admit_request(bytea,text,integer,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.admit_request(bytea,text,integer,integer,integer,integer) to marine_anonymous;
