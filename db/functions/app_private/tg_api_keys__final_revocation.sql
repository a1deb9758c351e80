-- A revoked key stays revoked, whoever writes the row (staff GraphQL included): its revocation
-- time is set once and never cleared or moved.
CREATE OR REPLACE FUNCTION app_private.tg_api_keys__final_revocation()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if old.revoked_at is not null and new.revoked_at is distinct from old.revoked_at then
    raise exception 'A revoked API key stays revoked' using errcode = 'CONFL',
      detail = 'Revocation is final: mint a new key instead (POST /api/v1/user-api-keys).';
  end if;
  return new;
end
$function$;
comment on function app_private.tg_api_keys__final_revocation() is null;
revoke all on function app_private.tg_api_keys__final_revocation() from public, marine_anonymous, marine_agent, marine_admin;
