-- The owner's feed: every shared event of the token's Opportunity (request.verified, each pro's
-- and the owner's actions on every quote, the award and the quotes it closed), oldest first.
CREATE OR REPLACE FUNCTION app_hidden.owner_list_events(p_token text, p_opportunity_id text, p_after text, p_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.events_page((app_private.owned_opportunity(p_token, p_opportunity_id)).id, null, p_after, p_limit);
end
$function$;
comment on function app_hidden.owner_list_events(text,text,text,integer) is 'The events of the owner''s Opportunity, oldest first; see GET .../owner/opportunities/{id}/events.';
revoke all on function app_hidden.owner_list_events(text,text,text,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_list_events(text,text,text,integer) to marine_anonymous;
