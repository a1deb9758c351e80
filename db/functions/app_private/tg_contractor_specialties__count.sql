CREATE OR REPLACE FUNCTION app_private.tg_contractor_specialties__count()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  -- A link counts while its contractor exists and is active. When a contractor is deleted its
  -- own trigger has already subtracted, and the cascaded link delete finds no contractor.
  if tg_op in ('UPDATE', 'DELETE') then
    update app_public.specialties set contractor_count = contractor_count - 1
     where id = old.specialty_id
       and exists (select 1 from app_public.contractors where id = old.contractor_id and is_active);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update app_public.specialties set contractor_count = contractor_count + 1
     where id = new.specialty_id
       and exists (select 1 from app_public.contractors where id = new.contractor_id and is_active);
  end if;
  return null;
end
$function$;
comment on function app_private.tg_contractor_specialties__count() is null;
revoke all on function app_private.tg_contractor_specialties__count() from public, marine_anonymous, marine_agent, marine_admin;
