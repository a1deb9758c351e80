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
  v_user_id uuid := app_hidden.required_user_id();
  v_endpoint app_public.webhook_endpoints;
begin
  delete from app_public.webhook_endpoints w where w.id = p_id and w.user_id = v_user_id returning * into v_endpoint;
  if not found then
    raise exception 'Webhook endpoint not found' using errcode = 'NTFND';
  end if;
  return app_hidden.webhook_endpoint_json(v_endpoint);
end
$function$;
comment on function app_hidden.delete_webhook_endpoint(uuid) is 'Deletes one of the caller''s webhook endpoints (NTFND for any other); see DELETE /api/v1/webhook-endpoints/{id}.';
revoke all on function app_hidden.delete_webhook_endpoint(uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.delete_webhook_endpoint(uuid) to marine_anonymous;
