CREATE OR REPLACE FUNCTION app_hidden.pro_offer_visit_times(p_token text, p_quote_id text, p_times timestamp with time zone[], p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.pro_act_visits(app_private.actionable_quote((app_private.pro_token_quote(p_token, p_quote_id)).id), p_times, p_confirm);
end
$function$;
comment on function app_hidden.pro_offer_visit_times(text,text,timestamp with time zone[],boolean) is 'The pro proposes visit times (token); see POST /api/v1/pro/quotes/{quoteId}/visit-times.';
revoke all on function app_hidden.pro_offer_visit_times(text,text,timestamp with time zone[],boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.pro_offer_visit_times(text,text,timestamp with time zone[],boolean) to marine_anonymous;
