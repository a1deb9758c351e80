-- Up Migration
-- Admission and the operation in one round trip (issue 7, docs/performance.md). For the
-- directory's operations the API sends, as one query string:
--   select set_config('app.admission', '', false);
--   begin; set local role marine_anonymous; select app_hidden.admit_for_call(...); commit;
--   begin; set local role marine_anonymous; select app_hidden.assume_admitted(); <operation>; commit
-- Two transactions, as when admission was its own round trip: the rate-limit count commits, and
-- its bucket's lock and counter row are released, before the operation runs (one transaction
-- would hold them until the operation ends and queue every request of a key behind the one
-- before). The admission reaches the second transaction through a session setting, which the
-- first statement clears; if admission fails, PostgreSQL runs none of the statements after it.

-- The request role of an admitted caller (null: anonymous), in one place for both paths.
create function app_hidden.request_role(p_caller json) returns text
  language sql immutable parallel safe
  as $$
    select case when p_caller is null or json_typeof(p_caller) = 'null' then 'marine_anonymous'
                when p_caller->>'tier' = 'admin' then 'marine_admin'
                else 'marine_agent' end
  $$;
comment on function app_hidden.request_role(json) is 'The role a request runs as: admin-tier keys marine_admin, other keys marine_agent, no key marine_anonymous.';

-- admit_request plus the role, also kept in the session setting app.admission for
-- assume_admitted() in the next transaction of the same query string.
create function app_hidden.admit_for_call(
  p_api_key text, p_client_address text, p_window_seconds integer,
  p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer
) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_admission json := app_hidden.admit_request(p_api_key, p_client_address, p_window_seconds,
                                                p_anonymous_limit, p_public_limit, p_admin_limit);
  v_result json := json_build_object('caller', v_admission->'caller', 'rate', v_admission->'rate',
                                     'role', app_hidden.request_role(v_admission->'caller'));
begin
  perform set_config('app.admission', v_result::text, false);
  return v_result;
end
$$;
comment on function app_hidden.admit_for_call is 'Admits an API request (admit_request) and gives its role; also kept for assume_admitted() in this session.';

-- Becomes the admitted caller (role and claims, transaction-local), or refuses with RATEL and
-- the admission as detail when the quota is spent. Not security definer: a role cannot be set
-- inside one. The session user (the authenticator) is a member of every request role.
create function app_hidden.assume_admitted() returns void
  language plpgsql volatile
  as $$
declare
  v_admission json := nullif(pg_catalog.current_setting('app.admission', true), '')::json;
begin
  if v_admission is null then
    raise exception 'assume_admitted() without an admission in this session';
  end if;
  if not (v_admission->'rate'->>'allowed')::boolean then
    raise exception 'Rate limit exceeded' using errcode = 'RATEL', detail = v_admission::text;
  end if;
  perform pg_catalog.set_config('role', v_admission->>'role', true);
  perform pg_catalog.set_config('app.user_id', coalesce(v_admission->'caller'->>'userId', ''), true);
end
$$;
comment on function app_hidden.assume_admitted() is 'Switches the transaction to the caller admitted by admit_for_call() earlier in this session (role and app.user_id).';

grant execute on function app_hidden.request_role(json), app_hidden.admit_for_call(text, text, integer, integer, integer, integer),
  app_hidden.assume_admitted() to marine_anonymous;
