-- An event about one quote: every quote.* payload names the quote's pro (contractorName), so a
-- reader of the event needs no other call to say who acted or was acted on.
CREATE OR REPLACE FUNCTION app_private.quote_event(p_type text, q app_public.quotes, p_payload jsonb DEFAULT '{}'::jsonb)
 RETURNS app_public.request_events
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.record_event(p_type, null, q.opportunity_id, q.id,
    jsonb_build_object('contractorName', app_private.contractor_name(q.contractor_id)) || p_payload);
end
$function$;
comment on function app_private.quote_event(text,app_public.quotes,jsonb) is null;
revoke all on function app_private.quote_event(text,app_public.quotes,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
