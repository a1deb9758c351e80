-- A photo or video list: an array of objects that each have an http(s) url.
CREATE OR REPLACE FUNCTION app_hidden.is_media_list(p jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select jsonb_typeof(p) = 'array'
       and not jsonb_path_exists(p, '$[*] ? (!(@.url like_regex "^https?://"))')
  $function$;
comment on function app_hidden.is_media_list(jsonb) is 'A photo or video list: an array of objects with an http(s) url.';
revoke all on function app_hidden.is_media_list(jsonb) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.is_media_list(jsonb) to marine_anonymous;
