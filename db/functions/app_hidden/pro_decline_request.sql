CREATE OR REPLACE FUNCTION app_hidden.pro_decline_request(p_token text, p_quote_id text, p_reason text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.pro_act_decline(app_private.actionable_quote((app_private.pro_token_quote(p_token, p_quote_id)).id), p_reason, p_confirm);
end
$function$;
comment on function app_hidden.pro_decline_request(text,text,text,boolean) is 'The pro declines the request (token); see POST /api/v1/pro/quotes/{quoteId}/decline.';
revoke all on function app_hidden.pro_decline_request(text,text,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.pro_decline_request(text,text,text,boolean) to marine_anonymous;
