CREATE OR REPLACE FUNCTION app_private.contractor_name(p_contractor_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$ select name from app_public.contractors where id = p_contractor_id $function$;
comment on function app_private.contractor_name(uuid) is null;
revoke all on function app_private.contractor_name(uuid) from public, marine_anonymous, marine_agent, marine_admin;
