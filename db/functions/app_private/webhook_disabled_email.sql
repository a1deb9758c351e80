-- The e-mail telling an account that one of its webhook endpoints was disabled; null when the
-- endpoint is gone or was not disabled.
CREATE OR REPLACE FUNCTION app_private.webhook_disabled_email(p_endpoint_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
  select json_build_object('to', u.email, 'firstName', u.first_name, 'url', w.url, 'endpointId', w.id,
      'failingSince', app_hidden.iso_time(w.failing_since), 'disabledAt', app_hidden.iso_time(w.disabled_at))
    from app_public.webhook_endpoints w join app_public.users u on u.id = w.user_id
   where w.id = p_endpoint_id and w.disabled_at is not null
$function$;
comment on function app_private.webhook_disabled_email(uuid) is null;
revoke all on function app_private.webhook_disabled_email(uuid) from public, marine_anonymous, marine_agent, marine_admin;
