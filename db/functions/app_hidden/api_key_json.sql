CREATE OR REPLACE FUNCTION app_hidden.api_key_json(k app_public.api_keys)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
    select json_build_object('id', k.id, 'name', k.name, 'prefix', k.prefix, 'tier', k.tier,
      'createdAt', app_hidden.iso_time(k.created_at),
      'lastUsedAt', app_hidden.iso_time(k.last_used_at),
      'revokedAt', app_hidden.iso_time(k.revoked_at))
  $function$;
comment on function app_hidden.api_key_json(app_public.api_keys) is 'An API key''s public facts (never the key).';
revoke all on function app_hidden.api_key_json(app_public.api_keys) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.api_key_json(app_public.api_keys) to marine_anonymous;
