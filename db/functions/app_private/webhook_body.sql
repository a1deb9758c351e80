-- The body of one delivery, Standard Webhooks' shape: {type, timestamp, data}, data being the
-- event's public JSON. Above the payload cap, data's own data is replaced by {"truncated": true}.
CREATE OR REPLACE FUNCTION app_private.webhook_body(p_type text, p_at timestamp with time zone, p_event jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_body text := jsonb_build_object('type', p_type, 'timestamp', app_hidden.iso_time(p_at), 'data', p_event)::text;
begin
  if octet_length(v_body) > app_private.setting_webhook_max_payload_bytes() then
    v_body := jsonb_build_object('type', p_type, 'timestamp', app_hidden.iso_time(p_at),
      'data', p_event || jsonb_build_object('data', jsonb_build_object('truncated', true)))::text;
  end if;
  return v_body;
end
$function$;
comment on function app_private.webhook_body(text,timestamp with time zone,jsonb) is null;
revoke all on function app_private.webhook_body(text,timestamp with time zone,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
