CREATE OR REPLACE FUNCTION app_private.tg_quotes__refresh_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  perform app_private.refresh_opportunity_status((case when tg_op = 'DELETE' then old else new end).opportunity_id);
  return null;
end
$function$;
comment on function app_private.tg_quotes__refresh_status() is null;
revoke all on function app_private.tg_quotes__refresh_status() from public, marine_anonymous, marine_agent, marine_admin;
