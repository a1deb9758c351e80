CREATE OR REPLACE FUNCTION app_hidden.list_webhook_endpoints()
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_hidden.required_user_id();
  v_result json;
begin
  select json_build_object('endpoints', coalesce(json_agg(app_hidden.webhook_endpoint_json(w) order by w.created_at, w.id), '[]'))
    into v_result
    from app_public.webhook_endpoints w
   where w.user_id = v_user_id;
  return v_result;
end
$function$;
comment on function app_hidden.list_webhook_endpoints() is 'The caller''s webhook endpoints, never their secrets; see GET /api/v1/webhook-endpoints.';
revoke all on function app_hidden.list_webhook_endpoints() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.list_webhook_endpoints() to marine_anonymous;
