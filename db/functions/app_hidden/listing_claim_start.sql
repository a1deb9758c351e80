-- POST /api/v1/pro/listing-claims: a pro asks to claim a listing. The code goes to the e-mail
-- address the listing shows (copied here into sent_to; the claimant's own address is only shown
-- in that e-mail, never written to), queued in this transaction. The rules: an active listing
-- with an e-mail address (a phone alone cannot be verified here: no SMS or calls), not claimed
-- by another claimant (its verified claimant may claim again, to renew access), one pending claim
-- per claimant, and the claim attempt limits (app_private.listing_claim_count: the listing's own
-- address apart; strangers per listing, per claimant e-mail and per client address). The claimant's
-- name is one line of typed text (app_hidden.checked_text): it is quoted in that e-mail.
CREATE OR REPLACE FUNCTION app_hidden.listing_claim_start(p_contractor_slug text, p_claimant_name text, p_claimant_email text, p_client_address text, p_lifetime_seconds integer, p_per_listing integer, p_per_claimant integer, p_per_client integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_contractor app_public.contractors;
  v_claimant_email extensions.citext := p_claimant_email::extensions.citext;
  v_claim app_public.listing_claims;
begin
  perform app_hidden.checked_text('claimant.name', p_claimant_name, false);
  -- The listing's row lock orders the claims of one listing, so the checks below hold.
  select * into v_contractor from app_public.contractors where slug = p_contractor_slug and is_active for update;
  if v_contractor.id is null then
    raise exception 'Contractor not found' using errcode = 'NTFND';
  end if;
  if v_contractor.email is null then
    raise exception 'This listing has no e-mail address to send a claim code to' using errcode = 'CONFL',
      detail = case when v_contractor.phone is not null
        then 'The listing shows only a phone number, and claims are verified by e-mail: this service sends no text messages and places no calls. Ask the directory to add the business''s e-mail address to the listing, then claim it.'
        else 'Claims are verified by a code sent to the listing''s e-mail address. Ask the directory to add the business''s e-mail address to the listing, then claim it.' end;
  end if;
  -- Claimed by someone else: a verified claim of another claimant. A listing marked claimed with
  -- no claim of record (imported so, or set by staff) is claimed through its inbox like any other.
  if v_contractor.is_claimed and exists (
      select 1 from app_public.listing_claims
       where contractor_id = v_contractor.id and status = 'verified' and claimant_email <> v_claimant_email) then
    raise exception 'This listing is already claimed' using errcode = 'CONFL',
      detail = 'Only its verified claimant can claim it again (to renew access).';
  end if;
  if exists (select 1 from app_public.listing_claims
              where contractor_id = v_contractor.id and claimant_email = v_claimant_email
                and status = 'pending' and expires_at > now()) then
    raise exception 'A claim of this listing by this claimant is already pending' using errcode = 'CONFL',
      detail = 'Verify it with the code sent to the listing''s e-mail address, or wait until it expires.';
  end if;
  perform app_private.listing_claim_count(v_contractor, v_claimant_email, p_client_address, p_per_listing, p_per_claimant,
    p_per_client);

  insert into app_public.listing_claims (contractor_id, claimant_name, claimant_email, requested_by_user_id, sent_to, expires_at)
    values (v_contractor.id, p_claimant_name, v_claimant_email, nullif(current_setting('app.user_id', true), '')::uuid,
      v_contractor.email, now() + make_interval(secs => p_lifetime_seconds))
    returning * into v_claim;
  -- The worker mints the code when it sends: it is never written in plain text.
  perform graphile_worker.add_job('listing_claims__send_code', json_build_object('claimId', v_claim.id),
    job_key := 'claim-code:' || v_claim.id);
  return app_private.listing_claim_json(v_claim, v_contractor);
end
$function$;
comment on function app_hidden.listing_claim_start(text,text,text,text,integer,integer,integer,integer) is 'Starts a claim of a listing: a code is e-mailed to the listing''s own address (queued). See POST /api/v1/pro/listing-claims.';
revoke all on function app_hidden.listing_claim_start(text,text,text,text,integer,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.listing_claim_start(text,text,text,text,integer,integer,integer,integer) to marine_anonymous;
