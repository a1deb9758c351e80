-- The request role of an admitted caller (null: anonymous), in one place for both paths.
CREATE OR REPLACE FUNCTION app_hidden.request_role(p_caller json)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select case when p_caller is null or json_typeof(p_caller) = 'null' then 'marine_anonymous'
                when p_caller->>'tier' = 'admin' then 'marine_admin'
                else 'marine_agent' end
  $function$;
comment on function app_hidden.request_role(json) is 'The role a request runs as: admin-tier keys marine_admin, other keys marine_agent, no key marine_anonymous.';
revoke all on function app_hidden.request_role(json) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.request_role(json) to marine_anonymous;
