CREATE OR REPLACE FUNCTION app_private.mark_coverage_notified(p_opportunity_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  update app_public.opportunities set coverage_notified_at = now() where id = p_opportunity_id;
  perform app_private.record_event('opportunity.coverage_notified', null, p_opportunity_id, null);
end
$function$;
comment on function app_private.mark_coverage_notified(uuid) is null;
revoke all on function app_private.mark_coverage_notified(uuid) from public, marine_anonymous, marine_agent, marine_admin;
