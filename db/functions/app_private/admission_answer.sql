-- An admission's answer, {caller, rate, role}, from the caller (null: anonymous) and the count's
-- rate; a spent quota raises RATEL with that answer as its detail, so nothing after it runs. The
-- one place the refusal is made, for every way a request is admitted (app_hidden.admit_request,
-- admission_open, admission_count).
CREATE OR REPLACE FUNCTION app_private.admission_answer(p_caller json, p_rate json)
 RETURNS json
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  v_answer json := pg_catalog.json_build_object('caller', p_caller, 'rate', p_rate, 'role', app_hidden.request_role(p_caller));
begin
  if not (p_rate->>'allowed')::boolean then
    raise exception 'Rate limit exceeded' using errcode = 'RATEL', detail = v_answer::text;
  end if;
  return v_answer;
end
$function$;
comment on function app_private.admission_answer(json,json) is 'The admission {caller, rate, role} of a caller and its count; RATEL (detail: the admission) when the rate is not allowed.';
revoke all on function app_private.admission_answer(json,json) from public, marine_anonymous, marine_agent, marine_admin;
