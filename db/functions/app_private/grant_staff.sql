-- Staff power (staff GraphQL) for one user, from the command line only (npm run admin --
-- grant-staff EMAIL): no door of the API can reach this function. Idempotent.
CREATE OR REPLACE FUNCTION app_private.grant_staff(p_email text, p_actor text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user app_public.users := app_private.user_by_email(p_email);
begin
  insert into app_private.staff_grants (user_id, granted_by) values (v_user.id, p_actor) on conflict (user_id) do nothing;
  if found then
    perform app_private.record_staff_change('staff_grants', jsonb_build_object('user_id', v_user.id), 'grant_staff',
      null, jsonb_build_object('email', v_user.email), p_actor);
  end if;
  return app_private.staff_json(v_user);
end
$function$;
comment on function app_private.grant_staff(text,text) is null;
revoke all on function app_private.grant_staff(text,text) from public, marine_anonymous, marine_agent, marine_admin;
