-- The claim attempt limits of a new claim (docs/decisions.md, "Claim attempt limits and typed
-- text"), all over 24 hours; RATEL with the seconds to wait (the API's Retry-After) when one
-- is reached. A claim from the listing's own e-mail address (the inbox the code goes to) is counted only against the
-- listing's own-address claims (p_per_listing of them): no stranger's attempt can block it, and
-- a stranger typing that address only sends the business a code it can use itself. Every other
-- claim (a stranger's, until the inbox says otherwise) is counted three ways: against the
-- listing's other claims (p_per_listing: its inbox is not a mailing list), its claimant's e-mail
-- (p_per_claimant, whatever the listings) and its client address (p_per_client). The last two are
-- rate-limit buckets, so a refused or rolled-back claim counts nowhere; the client address is
-- kept there only, never with the claim.
CREATE OR REPLACE FUNCTION app_private.listing_claim_count(p_contractor app_public.contractors, p_claimant_email extensions.citext, p_client_address text, p_per_listing integer, p_per_claimant integer, p_per_client integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  c_window constant integer := 86400;
  v_own boolean := p_claimant_email = p_contractor.email;
  v_recent integer;
  v_oldest timestamptz;
  v_hit json;
begin
  select count(*), min(created_at) into v_recent, v_oldest from app_public.listing_claims
   where contractor_id = p_contractor.id and created_at > now() - make_interval(secs => c_window)
     and (claimant_email = sent_to) = v_own;
  if v_recent >= p_per_listing then
    raise exception '%: at most % in 24 hours', case when v_own then 'Too many claims from this listing''s own address today'
        else 'Too many claims of this listing today' end, p_per_listing using errcode = 'RATEL',
      detail = app_private.retry_after(v_oldest + make_interval(secs => c_window));
  end if;
  if v_own then
    return;
  end if;
  v_hit := app_private.rate_limit_take('listing-claim:claimant:' || lower(p_claimant_email::text), p_per_claimant, c_window, null);
  if not (v_hit ->> 'allowed')::boolean then
    raise exception 'Too many claims by this claimant today: at most % in 24 hours', p_per_claimant using errcode = 'RATEL',
      detail = v_hit ->> 'reset';
  end if;
  v_hit := app_private.rate_limit_take('listing-claim:client:' || p_client_address, p_per_client, c_window, null);
  if not (v_hit ->> 'allowed')::boolean then
    raise exception 'Too many claims from this client address today: at most % in 24 hours', p_per_client using errcode = 'RATEL',
      detail = v_hit ->> 'reset';
  end if;
end
$function$;
comment on function app_private.listing_claim_count(app_public.contractors,extensions.citext,text,integer,integer,integer) is null;
revoke all on function app_private.listing_claim_count(app_public.contractors,extensions.citext,text,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
