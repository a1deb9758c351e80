CREATE OR REPLACE FUNCTION app_hidden.pro_get_quote(p_token text, p_quote_id text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.pro_quote_json(app_private.pro_token_quote(p_token, p_quote_id));
end
$function$;
comment on function app_hidden.pro_get_quote(text,text) is 'The request and the pro''s quote thread; see GET /api/v1/pro/quotes/{quoteId}.';
revoke all on function app_hidden.pro_get_quote(text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.pro_get_quote(text,text) to marine_anonymous;
