-- POST .../confirm. The owner access token is minted by the API (p_owner_token_digest is its
-- digest); the answer carries ownerAccessToken: true when it was issued, and the API puts the
-- token it minted there.
CREATE OR REPLACE FUNCTION app_hidden.confirm_service_request(p_request_id text, p_code_digest bytea, p_token_digest bytea, p_max_attempts integer, p_owner_token_digest bytea)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_request app_public.service_requests;
  v_opportunity_id uuid;
  v_quote record;
  v_pros integer;
begin
  v_request := app_private.checked_request(p_request_id, true);
  -- An expired draft is gone, locked or not (410); a locked one stays locked until it expires.
  if v_request.status = 'draft' and v_request.expires_at <= now() then
    raise exception 'This request has expired' using errcode = 'EXPRD',
      detail = 'Verification codes and drafts are valid for a limited time; start a new request.';
  end if;
  -- Wrong codes lock the code, never the e-mailed link: anyone holding the request id could send
  -- them, and the link's 256-bit token cannot be guessed, so it confirms until the draft expires
  -- (docs/decisions.md, "Lock-out only the owner can trip"). Wrong tokens are refused and counted.
  if p_code_digest is not null and v_request.failed_attempts >= p_max_attempts then
    -- RATEL's detail is the seconds to wait (db/ERRORS.md): the API sends it as Retry-After.
    raise exception 'Too many wrong verification codes: the code is locked; confirm with the link in the e-mail, or start a new request'
      using errcode = 'RATEL',
      detail = app_private.retry_after(v_request.expires_at);
  end if;
  if not app_private.credentials_match(v_request.id, p_code_digest, p_token_digest) then
    -- The count must survive the refusal, so this is returned (committed), not raised.
    update app_public.service_requests set failed_attempts = failed_attempts + 1 where id = v_request.id;
    perform app_private.record_event('request.verification_failed', v_request.id, null, null,
      jsonb_build_object('attempt', v_request.failed_attempts + 1));
    return json_build_object('refusal', json_build_object('code', 'CREDS',
      'message', 'Invalid verification code or token',
      'detail', case when v_request.failed_attempts + 1 >= p_max_attempts
        then format('The code is locked after %s wrong attempts; the link in the e-mail still confirms.', p_max_attempts)
        else format('%s of %s attempts used.', v_request.failed_attempts + 1, p_max_attempts) end));
  end if;
  if v_request.status = 'promoted' then
    return app_private.confirmation_json(v_request, 'already_confirmed', null);
  end if;

  insert into app_public.opportunities (request_id, owner_first_name, owner_last_name, owner_email, owner_phone,
      specialty_id, location, description, needs_coverage)
    values (v_request.id, v_request.owner_first_name, v_request.owner_last_name, v_request.owner_email,
      v_request.owner_phone, v_request.specialty_id, v_request.location, v_request.description,
      not exists (select 1 from app_public.service_request_pros where request_id = v_request.id))
    returning id into v_opportunity_id;
  insert into app_public.quotes (opportunity_id, contractor_id)
    select v_opportunity_id, contractor_id from app_public.service_request_pros
     where request_id = v_request.id order by position;
  update app_public.service_requests set status = 'promoted', promoted_at = now() where id = v_request.id
    returning * into v_request;

  insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
    values (v_opportunity_id, p_owner_token_digest, 'confirm_response');

  perform app_private.record_event('request.verified', v_request.id, v_opportunity_id, null,
    app_private.verified_payload(v_request, v_opportunity_id));
  -- Verified: the draft can no longer lapse.
  perform graphile_worker.remove_job('lapse:' || v_request.id);
  v_pros := 0;
  for v_quote in select id from app_public.quotes where opportunity_id = v_opportunity_id loop
    perform graphile_worker.add_job('quotes__notify_pro', json_build_object('quoteId', v_quote.id),
      job_key := 'notify-pro:' || v_quote.id);
    v_pros := v_pros + 1;
  end loop;
  if v_pros = 0 then
    perform app_private.record_event('opportunity.no_coverage', v_request.id, v_opportunity_id, null);
    perform graphile_worker.add_job('opportunities__notify_coverage',
      json_build_object('opportunityId', v_opportunity_id), job_key := 'coverage:' || v_opportunity_id);
  end if;
  perform graphile_worker.add_job('opportunities__send_owner_access',
    json_build_object('opportunityId', v_opportunity_id), job_key := 'owner-access:' || v_opportunity_id);
  return app_private.confirmation_json(v_request, case when v_pros = 0 then 'no_coverage' else 'created' end, 'issued');
end
$function$;
comment on function app_hidden.confirm_service_request(text,bytea,bytea,integer,bytea) is 'Confirms a draft with the digest of its code or token; promotes it once and stores the owner token''s digest. See POST .../service-requests/{requestId}/confirm.';
revoke all on function app_hidden.confirm_service_request(text,bytea,bytea,integer,bytea) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.confirm_service_request(text,bytea,bytea,integer,bytea) to marine_anonymous;
