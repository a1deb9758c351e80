CREATE OR REPLACE FUNCTION app_private.refresh_opportunity_status(p_opportunity_id uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.opportunities o set status = app_hidden.opportunity_status(o)
     where o.id = p_opportunity_id and o.status is distinct from app_hidden.opportunity_status(o)
  $function$;
comment on function app_private.refresh_opportunity_status(uuid) is null;
revoke all on function app_private.refresh_opportunity_status(uuid) from public, marine_anonymous, marine_agent, marine_admin;
