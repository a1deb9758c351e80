-- A new key counts against its user's active-key limit, whoever inserts it. The user's row is
-- locked first, so concurrent mints for one user are counted one after the other.
CREATE OR REPLACE FUNCTION app_private.tg_api_keys__active_key_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_is_admin boolean;
  v_active integer;
  v_limit integer;
begin
  if new.revoked_at is not null then
    return new;
  end if;
  select u.is_admin into v_is_admin from app_public.users u where u.id = new.user_id for update;
  v_limit := app_hidden.active_key_limit(coalesce(v_is_admin, false));
  select count(*) into v_active from app_public.api_keys k where k.user_id = new.user_id and k.revoked_at is null;
  if v_active >= v_limit then
    raise exception 'Active key limit reached: % keys', v_limit
      using errcode = 'CONFL', detail = format('Revoke a key (DELETE /api/v1/user-api-keys/{id}) before minting another; the limit is %s active keys for %s users.',
        v_limit, case when v_is_admin then 'admin' else 'non-admin' end);
  end if;
  return new;
end
$function$;
comment on function app_private.tg_api_keys__active_key_limit() is null;
revoke all on function app_private.tg_api_keys__active_key_limit() from public, marine_anonymous, marine_agent, marine_admin;
