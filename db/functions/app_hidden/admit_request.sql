-- Admission of one API request: who is calling (a key's digest, or anonymous by client address)
-- and one count against their rolling-window quota. Returns {caller, rate, role}; a spent quota
-- raises RATEL with that object as detail, so no statement after it runs and nothing is counted.
-- It counts through app_private.rate_limit_take itself (as its owner): app_hidden.rate_limit_hit,
-- the same count for request roles, would add a security-definer call to every request.
CREATE OR REPLACE FUNCTION app_hidden.admit_request(p_key_digest bytea, p_client_address text, p_window_seconds integer, p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_caller json;
  v_rate json;
  v_result json;
begin
  if p_key_digest is null then
    v_rate := app_private.rate_limit_take('ip:' || p_client_address, p_anonymous_limit, p_window_seconds, null);
  else
    v_caller := app_hidden.authenticate_api_key(p_key_digest);
    v_rate := app_private.rate_limit_take('key:' || (v_caller->>'keyId'),
      case when v_caller->>'tier' = 'admin' then p_admin_limit else p_public_limit end, p_window_seconds, null);
  end if;
  v_result := json_build_object('caller', v_caller, 'rate', v_rate, 'role', app_hidden.request_role(v_caller));
  if not (v_rate->>'allowed')::boolean then
    raise exception 'Rate limit exceeded' using errcode = 'RATEL', detail = v_result::text;
  end if;
  return v_result;
end
$function$;
comment on function app_hidden.admit_request(bytea,text,integer,integer,integer,integer) is 'Authenticates an API request (key digest or anonymous) and counts it; RATEL (detail: the admission) when the quota is spent.';
revoke all on function app_hidden.admit_request(bytea,text,integer,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.admit_request(bytea,text,integer,integer,integer,integer) to marine_anonymous;
