CREATE OR REPLACE FUNCTION app_private.credentials_match(p_request_id uuid, p_code_digest bytea, p_token_digest bytea)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select coalesce(bool_or((p_code_digest is not null and s.code_digest = p_code_digest)
                         or (p_token_digest is not null and s.token_digest = p_token_digest)), false)
      from app_private.service_request_secrets s where s.request_id = p_request_id
  $function$;
comment on function app_private.credentials_match(uuid,bytea,bytea) is null;
revoke all on function app_private.credentials_match(uuid,bytea,bytea) from public, marine_anonymous, marine_agent, marine_admin;
