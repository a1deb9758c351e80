-- The token's Opportunity when it is the one asked for; any other id is "not found", so a
-- token never reveals whether another Opportunity exists.
CREATE OR REPLACE FUNCTION app_private.owned_opportunity(p_token text, p_opportunity_id text)
 RETURNS app_public.opportunities
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.owner_token_opportunity(p_token);
begin
  if v_opportunity.id::text <> lower(p_opportunity_id) then
    raise exception 'Opportunity not found' using errcode = 'NTFND';
  end if;
  return v_opportunity;
end
$function$;
comment on function app_private.owned_opportunity(text,text) is null;
revoke all on function app_private.owned_opportunity(text,text) from public, marine_anonymous, marine_agent, marine_admin;
