-- Admission's second half, the last statement before the operation's commit: counts the request
-- app_hidden.admission_check opened in this transaction against its quota (rate_limit_take,
-- exact under concurrency: it holds the bucket's row lock only until the commit that follows).
-- Returns {caller, rate, role}; when others spent the quota meanwhile it raises RATEL, and the
-- operation's writes roll back with the transaction: only counted requests take effect.
CREATE OR REPLACE FUNCTION app_hidden.admission_count()
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_open json := nullif(current_setting('app.admission', true), '')::json;
  v_answer json;
begin
  if v_open is null then
    raise exception 'admission_count without admission_check in this transaction';
  end if;
  v_answer := app_private.admission_answer(v_open->'caller',
    app_private.rate_limit_take(v_open->>'bucket', (v_open->>'limit')::integer, (v_open->>'window')::integer, null));
  return v_answer;
end
$function$;
comment on function app_hidden.admission_count() is 'Counts the admission app_hidden.admission_check opened in this transaction; RATEL (detail: the admission) when the quota is spent.';
revoke all on function app_hidden.admission_count() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.admission_count() to marine_anonymous;
