CREATE OR REPLACE FUNCTION app_hidden.pro_ask_missing_info(p_token text, p_quote_id text, p_questions text[], p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.pro_act_questions(app_private.actionable_quote((app_private.pro_token_quote(p_token, p_quote_id)).id), p_questions, p_confirm);
end
$function$;
comment on function app_hidden.pro_ask_missing_info(text,text,text[],boolean) is 'The pro asks the owner questions (token); see POST /api/v1/pro/quotes/{quoteId}/missing-info.';
revoke all on function app_hidden.pro_ask_missing_info(text,text,text[],boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.pro_ask_missing_info(text,text,text[],boolean) to marine_anonymous;
