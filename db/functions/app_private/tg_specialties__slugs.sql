CREATE OR REPLACE FUNCTION app_private.tg_specialties__slugs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  perform app_private.refresh_specialty_slugs(array(
    select cs.contractor_id from app_public.contractor_specialties cs where cs.specialty_id = new.id));
  return null;
end
$function$;
comment on function app_private.tg_specialties__slugs() is null;
revoke all on function app_private.tg_specialties__slugs() from public, marine_anonymous, marine_agent, marine_admin;
