CREATE OR REPLACE FUNCTION app_private.add_specialty_counts(p_contractor_id uuid, p_delta integer)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.specialties s set contractor_count = s.contractor_count + p_delta
      from app_public.contractor_specialties cs
     where cs.contractor_id = p_contractor_id and cs.specialty_id = s.id
  $function$;
comment on function app_private.add_specialty_counts(uuid,integer) is null;
revoke all on function app_private.add_specialty_counts(uuid,integer) from public, marine_anonymous, marine_agent, marine_admin;
