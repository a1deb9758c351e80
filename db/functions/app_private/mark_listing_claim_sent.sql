CREATE OR REPLACE FUNCTION app_private.mark_listing_claim_sent(p_claim_id uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.listing_claims set code_sent_at = now() where id = p_claim_id
  $function$;
comment on function app_private.mark_listing_claim_sent(uuid) is null;
revoke all on function app_private.mark_listing_claim_sent(uuid) from public, marine_anonymous, marine_agent, marine_admin;
