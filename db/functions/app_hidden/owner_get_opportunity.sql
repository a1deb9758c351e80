CREATE OR REPLACE FUNCTION app_hidden.owner_get_opportunity(p_token text, p_opportunity_id text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.opportunity_json(app_private.owned_opportunity(p_token, p_opportunity_id));
end
$function$;
comment on function app_hidden.owner_get_opportunity(text,text) is 'The Owner Opportunity; see GET .../owner/opportunities/{id}.';
revoke all on function app_hidden.owner_get_opportunity(text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_get_opportunity(text,text) to marine_anonymous;
