-- A claim as its claimant sees it: where the code went (masked), until when it is valid.
CREATE OR REPLACE FUNCTION app_private.listing_claim_json(p_claim app_public.listing_claims, p_contractor app_public.contractors)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object(
      'claimId', p_claim.id, 'status', p_claim.status,
      'contractorSlug', p_contractor.slug, 'contractorName', p_contractor.name,
      'verification', json_build_object('channel', 'email',
        'sentTo', app_hidden.masked_email(p_claim.sent_to::text),
        'expiresAt', app_hidden.iso_time(p_claim.expires_at)))
  $function$;
comment on function app_private.listing_claim_json(app_public.listing_claims,app_public.contractors) is null;
revoke all on function app_private.listing_claim_json(app_public.listing_claims,app_public.contractors) from public, marine_anonymous, marine_agent, marine_admin;
