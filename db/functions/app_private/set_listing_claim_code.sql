-- The digest of a claim's code, minted by the worker just before it sends (a retried send replaces it).
CREATE OR REPLACE FUNCTION app_private.set_listing_claim_code(p_claim_id uuid, p_code_digest bytea)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    insert into app_private.listing_claim_secrets (claim_id, code_digest) values (p_claim_id, p_code_digest)
    on conflict (claim_id) do update set code_digest = excluded.code_digest
  $function$;
comment on function app_private.set_listing_claim_code(uuid,bytea) is null;
revoke all on function app_private.set_listing_claim_code(uuid,bytea) from public, marine_anonymous, marine_agent, marine_admin;
