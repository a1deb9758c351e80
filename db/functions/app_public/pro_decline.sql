-- Staff acting for a pro (GraphQL mutation proDecline): the same rule as the pro's own door
-- (app_private.pro_act_decline), always confirmed.
CREATE OR REPLACE FUNCTION app_public.pro_decline(quote_id uuid, reason text DEFAULT NULL::text)
 RETURNS app_public.quotes
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
-- The parameters are named for GraphQL; in statements, bare names mean the columns.
#variable_conflict use_column
declare
  v_row app_public.quotes;
  v_id uuid := (app_private.pro_act_decline(app_private.actionable_quote(pro_decline.quote_id), pro_decline.reason, true)->>'quoteId')::uuid;
begin
  select * into v_row from app_public.quotes where id = v_id;
  return v_row;
end
$function$;
comment on function app_public.pro_decline(uuid,text) is 'For a pro: declines the request; its submitted estimates are withdrawn.';
revoke all on function app_public.pro_decline(uuid,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_decline(uuid,text) to marine_admin;
