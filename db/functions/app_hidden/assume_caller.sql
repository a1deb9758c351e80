-- Makes the rest of this transaction run as the key's caller (role and app.user_id, both
-- transaction-local), or as anonymous without a key. The directory's one-round-trip calls run it
-- after admit_request committed in the transaction before. Not security definer: a role cannot
-- be set inside one; the session user (the authenticator) is a member of every request role.
CREATE OR REPLACE FUNCTION app_hidden.assume_caller(p_key_digest bytea)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
declare
  v_caller json := case when p_key_digest is null then null else app_hidden.key_caller(p_key_digest) end;
begin
  if p_key_digest is not null and v_caller is null then
    -- Revoked between admission and now.
    raise exception 'Invalid or inactive API key' using errcode = 'CREDS';
  end if;
  perform pg_catalog.set_config('role', app_hidden.request_role(v_caller), true),
          pg_catalog.set_config('app.user_id', coalesce(v_caller->>'userId', ''), true);
end
$function$;
comment on function app_hidden.assume_caller(bytea) is 'Switches the transaction to the caller of a key digest (null: anonymous): role and app.user_id.';
revoke all on function app_hidden.assume_caller(bytea) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.assume_caller(bytea) to marine_anonymous;
