-- The caller's endpoint of this id, or NTFND: another account's endpoint is as unknown as a
-- missing one. The one ownership check of the endpoint operations.
CREATE OR REPLACE FUNCTION app_hidden.owned_webhook_endpoint(p_id uuid)
 RETURNS app_public.webhook_endpoints
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_hidden.required_user_id();
  v_endpoint app_public.webhook_endpoints;
begin
  select * into v_endpoint from app_public.webhook_endpoints w where w.id = p_id and w.user_id = v_user_id;
  if not found then
    raise exception 'Webhook endpoint not found' using errcode = 'NTFND';
  end if;
  return v_endpoint;
end
$function$;
comment on function app_hidden.owned_webhook_endpoint(uuid) is 'One of the caller''s webhook endpoints, or NTFND (another account''s included).';
revoke all on function app_hidden.owned_webhook_endpoint(uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owned_webhook_endpoint(uuid) to marine_anonymous;
