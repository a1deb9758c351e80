CREATE OR REPLACE FUNCTION app_private.log_event(p_kind text, p_request_id uuid, p_opportunity_id uuid, p_detail jsonb DEFAULT '{}'::jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
    insert into app_public.request_events (kind, request_id, opportunity_id, detail)
    values (p_kind, p_request_id, p_opportunity_id, p_detail)
  $function$;
comment on function app_private.log_event(text,uuid,uuid,jsonb) is null;
revoke all on function app_private.log_event(text,uuid,uuid,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
