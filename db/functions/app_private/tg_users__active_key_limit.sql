-- A user leaving the admin tier must hold no more active keys than the public limit: revoke
-- keys first (the row being updated is locked, so no key is minted meanwhile).
CREATE OR REPLACE FUNCTION app_private.tg_users__active_key_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_limit integer := app_hidden.active_key_limit(new.is_admin);
  v_active integer;
begin
  select count(*) into v_active from app_public.api_keys k where k.user_id = new.id and k.revoked_at is null;
  if v_active > v_limit then
    raise exception 'The user holds % active keys, more than the % of the public tier', v_active, v_limit
      using errcode = 'CONFL', detail = format('Revoke keys until at most %s remain, then leave the admin tier.', v_limit);
  end if;
  return new;
end
$function$;
comment on function app_private.tg_users__active_key_limit() is null;
revoke all on function app_private.tg_users__active_key_limit() from public, marine_anonymous, marine_agent, marine_admin;
