CREATE OR REPLACE FUNCTION app_private.set_owner_email_token(p_opportunity_id uuid, p_token_digest bytea)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  delete from app_private.owner_access_tokens where opportunity_id = p_opportunity_id and issued_via = 'email';
  insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
    values (p_opportunity_id, p_token_digest, 'email');
end
$function$;
comment on function app_private.set_owner_email_token(uuid,bytea) is null;
revoke all on function app_private.set_owner_email_token(uuid,bytea) from public, marine_anonymous, marine_agent, marine_admin;
