-- POST /api/v1/pro/listing-claims/{claimId}/verify. The listing access token is minted by the API
-- (p_token_digest is its digest); the answer carries listingAccessToken: 'issued' when it was
-- stored, and the API puts the token there. A wrong code is counted (returned as a refusal, so
-- the count is committed); after p_max_attempts the claim is locked until it expires. Verifying
-- makes this the listing's one verified claim: every other claim of the listing (pending, or the
-- verified one this renews) is superseded, and their tokens stop working. The search_path holds
-- extensions so that claimant e-mails (citext) compare as citext, ignoring case, as the claim's
-- start does: without it, <> resolved to text's and a renewal cased otherwise was "claimed".
CREATE OR REPLACE FUNCTION app_hidden.listing_claim_verify(p_claim_id text, p_code_digest bytea, p_max_attempts integer, p_token_digest bytea)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  c_access constant interval := interval '90 days';
  v_claim app_public.listing_claims;
  v_contractor app_public.contractors;
  v_expires timestamptz := now() + c_access;
begin
  if app_hidden.is_uuid(p_claim_id) then
    select * into v_claim from app_public.listing_claims where id = p_claim_id::uuid for update;
  end if;
  if v_claim.id is null then
    raise exception 'Claim not found' using errcode = 'NTFND';
  end if;
  if v_claim.status = 'pending' and v_claim.expires_at <= now() then
    raise exception 'This claim has expired' using errcode = 'EXPRD',
      detail = 'Claim codes are valid for a limited time; start a new claim.';
  end if;
  if v_claim.status = 'pending' and v_claim.failed_attempts >= p_max_attempts then
    raise exception 'Too many wrong codes: this claim is locked; start a new claim once it expires' using errcode = 'RATEL',
      detail = app_private.retry_after(v_claim.expires_at);
  end if;
  if not exists (select 1 from app_private.listing_claim_secrets where claim_id = v_claim.id and code_digest = p_code_digest) then
    if v_claim.status <> 'pending' then
      raise exception 'Invalid claim code' using errcode = 'CREDS';
    end if;
    update app_public.listing_claims set failed_attempts = failed_attempts + 1 where id = v_claim.id;
    return json_build_object('refusal', json_build_object('code', 'CREDS', 'message', 'Invalid claim code',
      'detail', case when v_claim.failed_attempts + 1 >= p_max_attempts
        then format('The claim is locked after %s wrong codes.', p_max_attempts)
        else format('%s of %s attempts used.', v_claim.failed_attempts + 1, p_max_attempts) end));
  end if;
  if v_claim.status = 'verified' then
    raise exception 'This claim is already verified' using errcode = 'CONFL',
      detail = 'Its listing access token was returned once, when it was verified; claim the listing again for a new one.';
  end if;
  if v_claim.status = 'superseded' then
    raise exception 'The listing was claimed through another claim' using errcode = 'CONFL';
  end if;

  select * into v_contractor from app_public.contractors where id = v_claim.contractor_id for update;
  if not v_contractor.is_active then
    raise exception 'Contractor not found' using errcode = 'NTFND';
  end if;
  -- Claimed by another claimant since this claim was made (the same rule as listing_claim_start).
  if v_contractor.is_claimed and exists (
      select 1 from app_public.listing_claims
       where contractor_id = v_contractor.id and status = 'verified' and claimant_email <> v_claim.claimant_email) then
    raise exception 'This listing is already claimed' using errcode = 'CONFL',
      detail = 'Only its verified claimant can claim it again (to renew access).';
  end if;
  update app_public.listing_claims set status = 'superseded'
   where contractor_id = v_contractor.id and id <> v_claim.id and status in ('pending', 'verified');
  update app_public.listing_claims set status = 'verified', verified_at = now() where id = v_claim.id
    returning * into v_claim;
  update app_public.contractors set is_claimed = true where id = v_contractor.id and not is_claimed;
  insert into app_private.listing_access_tokens (claim_id, digest, expires_at) values (v_claim.id, p_token_digest, v_expires);
  return json_build_object('claimId', v_claim.id, 'status', v_claim.status, 'contractorSlug', v_contractor.slug,
    'isClaimed', true, 'listingAccessToken', 'issued', 'accessExpiresAt', app_hidden.iso_time(v_expires));
end
$function$;
comment on function app_hidden.listing_claim_verify(text,bytea,integer,bytea) is 'Verifies a claim with the digest of its e-mailed code: the listing becomes claimed and the listing access token''s digest is stored. See POST /api/v1/pro/listing-claims/{claimId}/verify.';
revoke all on function app_hidden.listing_claim_verify(text,bytea,integer,bytea) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.listing_claim_verify(text,bytea,integer,bytea) to marine_anonymous;
