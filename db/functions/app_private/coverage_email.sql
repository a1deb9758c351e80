CREATE OR REPLACE FUNCTION app_private.coverage_email(p_opportunity_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('opportunityId', o.id, 'requestId', o.request_id, 'service', s.name,
      'location', o.location, 'description', o.description, 'ownerFirstName', o.owner_first_name)
      from app_public.opportunities o join app_public.specialties s on s.id = o.specialty_id
     where o.id = p_opportunity_id and o.needs_coverage and o.coverage_notified_at is null
  $function$;
comment on function app_private.coverage_email(uuid) is null;
revoke all on function app_private.coverage_email(uuid) from public, marine_anonymous, marine_agent, marine_admin;
