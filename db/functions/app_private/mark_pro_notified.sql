CREATE OR REPLACE FUNCTION app_private.mark_pro_notified(p_quote_id uuid, p_delivered boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes;
begin
  -- The Opportunity first, then the quote: the one lock order (app_private.locked_opportunity).
  perform app_private.locked_opportunity(q.opportunity_id) from app_public.quotes q where q.id = p_quote_id;
  update app_public.quotes set pro_notified_at = now() where id = p_quote_id returning * into v_quote;
  perform app_private.quote_event('quote.pro_contacted', v_quote, jsonb_build_object('delivered', p_delivered));
end
$function$;
comment on function app_private.mark_pro_notified(uuid,boolean) is null;
revoke all on function app_private.mark_pro_notified(uuid,boolean) from public, marine_anonymous, marine_agent, marine_admin;
