CREATE OR REPLACE FUNCTION app_private.mark_verification_sent(p_request_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  update app_private.service_request_secrets set sent_at = now() where request_id = p_request_id;
  update app_public.service_requests set verification_sent_at = now() where id = p_request_id;
  perform app_private.record_event('request.verification_sent', p_request_id, null, null);
end
$function$;
comment on function app_private.mark_verification_sent(uuid) is null;
revoke all on function app_private.mark_verification_sent(uuid) from public, marine_anonymous, marine_agent, marine_admin;
