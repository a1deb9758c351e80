-- Who is calling and which quota counts them, without counting: the key's caller (CREDS for an
-- unknown or revoked key; null without a key), its bucket (the key, or the client address when
-- anonymous) and limit. A quota certainly spent already raises RATEL here (see below), so a
-- refused caller's operation does not run. Returns {caller, bucket, limit, window}:
-- app_hidden.admit_request counts it at once; app_hidden.admission_check keeps it for
-- admission_count at the end of the operation's transaction. (The key's last use is written
-- here, by authenticate_api_key, at most once a minute.)
CREATE OR REPLACE FUNCTION app_hidden.admission_open(p_key_digest bytea, p_client_address text, p_window_seconds integer, p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_caller json;
  v_bucket text;
  v_limit integer;
  v_refusal json;
  v_now timestamptz := clock_timestamp();
begin
  if p_key_digest is null then
    v_bucket := 'ip:' || p_client_address;
    v_limit := p_anonymous_limit;
  else
    v_caller := app_hidden.authenticate_api_key(p_key_digest);
    v_bucket := 'key:' || (v_caller->>'keyId');
    v_limit := case when v_caller->>'tier' = 'admin' then p_admin_limit else p_public_limit end;
  end if;
  -- A quota certainly spent, read without counting or locking: while no slot has left the window
  -- since the bucket's last recount (now < next_expiry), the window's count is total - gone, and
  -- concurrent requests can only add to it; the refusal is then the one
  -- app_private.rate_limit_take would give. Past next_expiry a slot's hits have left the window,
  -- so the request is let through and the count, under the bucket's lock, decides.
  select pg_catalog.json_build_object('allowed', false, 'limit', v_limit, 'remaining', 0, 'window', p_window_seconds,
           'reset', greatest(1, ceil(extract(epoch from b.next_expiry - v_now)))::int)
    into v_refusal
    from app_private.rate_limit_buckets b
   where b.bucket = v_bucket and v_now < b.next_expiry and b.total - b.gone >= v_limit;
  if v_refusal is not null then
    perform app_private.admission_answer(v_caller, v_refusal);
  end if;
  return json_build_object('caller', v_caller, 'bucket', v_bucket, 'limit', v_limit, 'window', p_window_seconds);
end
$function$;
comment on function app_hidden.admission_open(bytea,text,integer,integer,integer,integer) is 'The caller (CREDS for a bad key), bucket and limit of an API request, without counting it; RATEL when the quota is certainly spent.';
revoke all on function app_hidden.admission_open(bytea,text,integer,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.admission_open(bytea,text,integer,integer,integer,integer) to marine_anonymous;
