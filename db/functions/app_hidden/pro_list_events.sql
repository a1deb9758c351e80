-- The pro's feed: the shared events of the token's quote only (its own thread: both sides'
-- actions, its award or its closing). No Opportunity-level event: request.verified names the
-- other pros asked, and the pro learns the outcome from its own quote.awarded or quote.closed.
CREATE OR REPLACE FUNCTION app_hidden.pro_list_events(p_token text, p_quote_id text, p_after text, p_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes := app_private.pro_token_quote(p_token, p_quote_id);
begin
  return app_private.events_page(v_quote.opportunity_id, v_quote.id, p_after, p_limit);
end
$function$;
comment on function app_hidden.pro_list_events(text,text,text,integer) is 'The events of the pro''s own quote thread, oldest first; see GET /api/v1/pro/quotes/{quoteId}/events.';
revoke all on function app_hidden.pro_list_events(text,text,text,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.pro_list_events(text,text,text,integer) to marine_anonymous;
