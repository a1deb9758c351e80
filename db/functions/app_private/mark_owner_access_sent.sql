CREATE OR REPLACE FUNCTION app_private.mark_owner_access_sent(p_opportunity_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  perform app_private.record_event('opportunity.owner_access_sent', null, p_opportunity_id, null);
end
$function$;
comment on function app_private.mark_owner_access_sent(uuid) is null;
revoke all on function app_private.mark_owner_access_sent(uuid) from public, marine_anonymous, marine_agent, marine_admin;
