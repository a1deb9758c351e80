-- What a listing access token opens: its claim and the listing's full profile (as the public sees it).
CREATE OR REPLACE FUNCTION app_private.listing_access_json(p_claim app_public.listing_claims, p_access_expires_at timestamp with time zone)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object(
      'claim', json_build_object('claimId', p_claim.id, 'claimantName', p_claim.claimant_name,
        'verifiedAt', app_hidden.iso_time(p_claim.verified_at), 'accessExpiresAt', app_hidden.iso_time(p_access_expires_at)),
      'listing', app_hidden.contractor_profile(c))
      from app_public.contractors c where c.id = p_claim.contractor_id
  $function$;
comment on function app_private.listing_access_json(app_public.listing_claims,timestamp with time zone) is null;
revoke all on function app_private.listing_access_json(app_public.listing_claims,timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
