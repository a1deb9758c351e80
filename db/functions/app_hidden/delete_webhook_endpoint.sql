-- DELETE /api/v1/webhook-endpoints/{id}: a caller deletes only its own endpoints; another
-- account's is as unknown as a missing one (NTFND). No request role may delete the rows itself. Its secret, pending
-- deliveries and attempts go with it; a delivery job still queued finds nothing and ends.
CREATE OR REPLACE FUNCTION app_hidden.delete_webhook_endpoint(p_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_endpoint app_public.webhook_endpoints := app_hidden.owned_webhook_endpoint(p_id);
begin
  delete from app_public.webhook_endpoints w where w.id = v_endpoint.id;
  return app_hidden.webhook_endpoint_json(v_endpoint);
end
$function$;
comment on function app_hidden.delete_webhook_endpoint(uuid) is 'Deletes one of the caller''s webhook endpoints (NTFND for any other); see DELETE /api/v1/webhook-endpoints/{id}.';
revoke all on function app_hidden.delete_webhook_endpoint(uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.delete_webhook_endpoint(uuid) to marine_anonymous;
