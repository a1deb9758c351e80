-- Where and with what an enabled endpoint's deliveries are sent: {url, secret}, or null when the
-- endpoint is gone or disabled.
CREATE OR REPLACE FUNCTION app_private.webhook_target(p_endpoint_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
  select jsonb_build_object('url', w.url, 'secret', s.secret)
    from app_public.webhook_endpoints w join app_private.webhook_secrets s on s.endpoint_id = w.id
   where w.id = p_endpoint_id and w.disabled_at is null
$function$;
comment on function app_private.webhook_target(uuid) is null;
revoke all on function app_private.webhook_target(uuid) from public, marine_anonymous, marine_agent, marine_admin;
