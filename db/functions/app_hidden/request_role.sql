-- The request role of an admitted caller (null: anonymous), in one place for both paths. Every
-- key runs as marine_agent, whatever its tier: the tier is rate limits only. marine_admin is the
-- staff role, which only staff GraphQL assumes, after app_hidden.require_staff.
CREATE OR REPLACE FUNCTION app_hidden.request_role(p_caller json)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select case when p_caller is null or json_typeof(p_caller) = 'null' then 'marine_anonymous'
                else 'marine_agent' end
  $function$;
comment on function app_hidden.request_role(json) is 'The role a request runs as: any key marine_agent (the tier is rate limits only), no key marine_anonymous.';
revoke all on function app_hidden.request_role(json) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.request_role(json) to marine_anonymous;
