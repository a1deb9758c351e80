CREATE OR REPLACE FUNCTION app_hidden.pro_send_estimate(p_token text, p_quote_id text, p_amount numeric, p_currency text, p_description text, p_valid_until date, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.pro_act_estimate(app_private.actionable_quote((app_private.pro_token_quote(p_token, p_quote_id)).id), p_amount, p_currency, p_description, p_valid_until, p_confirm);
end
$function$;
comment on function app_hidden.pro_send_estimate(text,text,numeric,text,text,date,boolean) is 'The pro submits an estimate (token); see POST /api/v1/pro/quotes/{quoteId}/estimates.';
revoke all on function app_hidden.pro_send_estimate(text,text,numeric,text,text,date,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.pro_send_estimate(text,text,numeric,text,text,date,boolean) to marine_anonymous;
