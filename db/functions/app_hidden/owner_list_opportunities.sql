CREATE OR REPLACE FUNCTION app_hidden.owner_list_opportunities(p_token text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return json_build_object('opportunities', json_build_array(app_private.opportunity_json(app_private.owner_token_opportunity(p_token))),
      'ownerAccessScope', 'single_opportunity');
end
$function$;
comment on function app_hidden.owner_list_opportunities(text) is 'The one Opportunity an owner token is scoped to; see GET .../owner/opportunities.';
revoke all on function app_hidden.owner_list_opportunities(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_list_opportunities(text) to marine_anonymous;
