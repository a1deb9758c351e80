CREATE OR REPLACE FUNCTION app_private.pro_acted(p_type text, q app_public.quotes, p_detail jsonb, p_written jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  -- The owner's notice e-mail is queued by record_event (app_private.queue_notices).
  perform app_private.quote_event(p_type, q, p_detail);
  -- Staff acting for a pro (staff GraphQL runs as marine_admin): one audit row for the action,
  -- with the row it wrote (p_written).
  if pg_catalog.current_setting('role') = 'marine_admin' then
    perform app_private.record_staff_change('quotes', jsonb_build_object('id', q.id), p_type, null, p_written);
  end if;
end
$function$;
comment on function app_private.pro_acted(text,app_public.quotes,jsonb,jsonb) is null;
revoke all on function app_private.pro_acted(text,app_public.quotes,jsonb,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
