-- The verified claim a listing access token (its SHA-256 digest as hex) works for, and until
-- when; CREDS otherwise: unknown, expired (90 days after verification), or ended (the listing
-- was claimed again, or is no longer claimed or listed).
CREATE OR REPLACE FUNCTION app_private.listing_token_access(p_token_digest_hex text, OUT claim app_public.listing_claims, OUT access_expires_at timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_claim_id uuid;
begin
  if p_token_digest_hex ~ '^[0-9a-f]{64}$' then
    select t.claim_id, t.expires_at into v_claim_id, access_expires_at
      from app_private.listing_access_tokens t where t.digest = decode(p_token_digest_hex, 'hex');
    select * into claim from app_public.listing_claims where id = v_claim_id;
  end if;
  if (claim).id is null then
    raise exception 'Invalid listing access token' using errcode = 'CREDS';
  end if;
  if access_expires_at <= now() then
    raise exception 'Listing access has expired' using errcode = 'CREDS',
      detail = 'A listing access token is valid for 90 days; claim the listing again (the code goes to its e-mail address) for a new one.';
  end if;
  if (claim).status <> 'verified' or not exists (
      select 1 from app_public.contractors where id = (claim).contractor_id and is_claimed and is_active) then
    raise exception 'Listing access has ended' using errcode = 'CREDS',
      detail = 'The listing was claimed again or is no longer claimed; claim it again for a new token.';
  end if;
end
$function$;
comment on function app_private.listing_token_access(text) is 'The verified claim of a listing access token (its digest as hex) and its expiry, or CREDS.';
revoke all on function app_private.listing_token_access(text) from public, marine_anonymous, marine_agent, marine_admin;
