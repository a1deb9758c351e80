-- What the claim e-mail says and where it goes (the listing's own address, from the claim), or
-- null when there is nothing to send (already sent, verified, superseded or expired).
CREATE OR REPLACE FUNCTION app_private.listing_claim_email(p_claim_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('to', l.sent_to, 'listingName', c.name, 'listingSlug', c.slug,
      'claimantName', l.claimant_name, 'claimantEmail', l.claimant_email, 'expiresAt', app_hidden.iso_time(l.expires_at))
      from app_public.listing_claims l join app_public.contractors c on c.id = l.contractor_id
     where l.id = p_claim_id and l.status = 'pending' and l.code_sent_at is null and l.expires_at > now()
  $function$;
comment on function app_private.listing_claim_email(uuid) is null;
revoke all on function app_private.listing_claim_email(uuid) from public, marine_anonymous, marine_agent, marine_admin;
