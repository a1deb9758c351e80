CREATE OR REPLACE FUNCTION app_private.tg_contractor_specialties__slugs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_specialty_slugs(array(select distinct contractor_id from new_links));
  else
    perform app_private.refresh_specialty_slugs(array(select distinct contractor_id from old_links));
  end if;
  return null;
end
$function$;
comment on function app_private.tg_contractor_specialties__slugs() is null;
revoke all on function app_private.tg_contractor_specialties__slugs() from public, marine_anonymous, marine_agent, marine_admin;
