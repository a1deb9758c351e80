CREATE OR REPLACE FUNCTION app_hidden.mint_own_api_key(p_name text, p_public_digest bytea, p_admin_digest bytea, p_head text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.mint_api_key(app_hidden.required_user_id(), p_name, p_public_digest, p_admin_digest, p_head);
end
$function$;
comment on function app_hidden.mint_own_api_key(text,bytea,bytea,text) is 'Mints another key for the caller, of the caller''s tier (minted by the API: digests and head); see POST /api/v1/user-api-keys.';
revoke all on function app_hidden.mint_own_api_key(text,bytea,bytea,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.mint_own_api_key(text,bytea,bytea,text) to marine_anonymous;
