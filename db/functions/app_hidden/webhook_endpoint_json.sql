CREATE OR REPLACE FUNCTION app_hidden.webhook_endpoint_json(w app_public.webhook_endpoints)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
    select json_build_object('id', w.id, 'url', w.url, 'events', w.events,
      'status', case when w.disabled_at is not null then 'disabled' when w.failing_since is not null then 'failing' else 'active' end,
      'createdAt', app_hidden.iso_time(w.created_at),
      'failingSince', app_hidden.iso_time(w.failing_since),
      'disabledAt', app_hidden.iso_time(w.disabled_at))
  $function$;
comment on function app_hidden.webhook_endpoint_json(app_public.webhook_endpoints) is 'A webhook endpoint''s public facts (never its secret); events null: every shared event type.';
revoke all on function app_hidden.webhook_endpoint_json(app_public.webhook_endpoints) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.webhook_endpoint_json(app_public.webhook_endpoints) to marine_anonymous;
