CREATE OR REPLACE FUNCTION app_private.set_verification_credentials(p_request_id uuid, p_code_digest bytea, p_token_digest bytea)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    insert into app_private.service_request_secrets (request_id, code_digest, token_digest)
    values (p_request_id, p_code_digest, p_token_digest)
    on conflict (request_id) do update set code_digest = excluded.code_digest, token_digest = excluded.token_digest, sent_at = null
  $function$;
comment on function app_private.set_verification_credentials(uuid,bytea,bytea) is null;
revoke all on function app_private.set_verification_credentials(uuid,bytea,bytea) from public, marine_anonymous, marine_agent, marine_admin;
