CREATE OR REPLACE FUNCTION app_private.tg_contractors__directory_cities()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.is_active then
    perform app_private.add_directory_city(old.city, old.state, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.is_active then
    perform app_private.add_directory_city(new.city, new.state, 1);
  end if;
  return null;
end
$function$;
comment on function app_private.tg_contractors__directory_cities() is null;
revoke all on function app_private.tg_contractors__directory_cities() from public, marine_anonymous, marine_agent, marine_admin;
