-- Step 1: POST /api/v1/public/search-mcp/service-requests. Creates a draft and queues the
-- verification e-mail in the same transaction; contacts no pro, creates no Opportunity. What the
-- owner typed is checked by the typed-text rule (app_hidden.checked_text): the names, phone and
-- location are one line (the location is an e-mail's subject), the description may have lines.
CREATE OR REPLACE FUNCTION app_hidden.create_service_request(p_owner_first_name text, p_owner_last_name text, p_owner_email text, p_owner_phone text, p_specialty_slug text, p_location text, p_description text, p_contractor_slugs text[], p_consent_statement text, p_client_request_id text, p_lifetime_seconds integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_specialty_id uuid;
  v_contractor_ids uuid[] := '{}';
  v_id uuid;
  v_fingerprint text;
  v_request app_public.service_requests;
begin
  perform app_hidden.checked_text('owner.firstName', p_owner_first_name, false),
    app_hidden.checked_text('owner.lastName', p_owner_last_name, false),
    app_hidden.checked_text('owner.phone', p_owner_phone, false),
    app_hidden.checked_text('project.location', p_location, false),
    app_hidden.checked_text('project.description', p_description, true),
    app_hidden.checked_text('ownerConsent.statement', p_consent_statement, true);
  select id into v_specialty_id from app_public.specialties where slug = p_specialty_slug;
  if v_specialty_id is null then
    raise exception 'Unknown specialty: %', p_specialty_slug using errcode = 'INVAL',
      detail = 'project.specialtySlug: no specialty has this slug (see GET /api/v1/public/contractors/specialties)';
  end if;
  for i in 1 .. coalesce(cardinality(p_contractor_slugs), 0) loop
    select id into v_id from app_public.contractors where slug = p_contractor_slugs[i] and is_active;
    if v_id is null then
      raise exception 'Contractor not found: %', p_contractor_slugs[i] using errcode = 'NTFND',
        detail = format('contractorSlugs[%s]: no active contractor has this slug', i - 1);
    end if;
    v_contractor_ids := v_contractor_ids || v_id;
  end loop;

  v_fingerprint := md5(jsonb_build_array(p_owner_first_name, p_owner_last_name, lower(p_owner_email), p_owner_phone,
    p_specialty_slug, p_location, p_description, p_contractor_slugs)::text);

  -- The same clientRequestId from the same owner, while its draft lives, is the same request.
  if p_client_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('service-request:' || lower(p_owner_email) || ':' || p_client_request_id, 0));
    select * into v_request from app_public.service_requests
     where owner_email = p_owner_email::citext and client_request_id = p_client_request_id
       and status = 'draft' and expires_at > now()
     order by created_at desc limit 1;
    if found then
      if v_request.fingerprint <> v_fingerprint then
        raise exception 'clientRequestId was already used for a different request' using errcode = 'CONFL',
          detail = 'Use a new clientRequestId for a new request.';
      end if;
      return app_hidden.service_request_json(v_request);
    end if;
  end if;

  insert into app_public.service_requests (owner_first_name, owner_last_name, owner_email, owner_phone,
      specialty_id, location, description, consent_statement, client_request_id, fingerprint, expires_at)
    values (p_owner_first_name, p_owner_last_name, p_owner_email, p_owner_phone, v_specialty_id, p_location,
      p_description, p_consent_statement, p_client_request_id, v_fingerprint,
      now() + make_interval(secs => p_lifetime_seconds))
    returning * into v_request;
  insert into app_public.service_request_pros (request_id, contractor_id, position)
    select v_request.id, c.id, c.ord from unnest(v_contractor_ids) with ordinality as c(id, ord);
  perform app_private.record_event('request.created', v_request.id, null, null,
    jsonb_build_object('pros', cardinality(v_contractor_ids)));
  -- The worker mints the credentials when it sends: none is ever written in plain text.
  perform graphile_worker.add_job('service_requests__send_verification',
    json_build_object('requestId', v_request.id), job_key := 'verify:' || v_request.id);
  -- At the expiry, a draft nobody verified lapses (app_private.lapse_service_request).
  perform graphile_worker.add_job('service_requests__lapse', json_build_object('requestId', v_request.id),
    run_at := v_request.expires_at, job_key := 'lapse:' || v_request.id);
  return app_hidden.service_request_json(v_request);
end
$function$;
comment on function app_hidden.create_service_request(text,text,text,text,text,text,text,text[],text,text,integer) is 'Step 1 of the request flow: a draft and its verification e-mail (queued).';
revoke all on function app_hidden.create_service_request(text,text,text,text,text,text,text,text[],text,text,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.create_service_request(text,text,text,text,text,text,text,text[],text,text,integer) to marine_anonymous;
