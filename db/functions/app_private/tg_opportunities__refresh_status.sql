CREATE OR REPLACE FUNCTION app_private.tg_opportunities__refresh_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  perform app_private.refresh_opportunity_status(new.id);
  return null;
end
$function$;
comment on function app_private.tg_opportunities__refresh_status() is null;
revoke all on function app_private.tg_opportunities__refresh_status() from public, marine_anonymous, marine_agent, marine_admin;
