-- The admin tier (higher rate limits, svc_live_ keys), from the command line (npm run admin):
-- it gives no staff power. Recorded in the staff audit trail under the CLI's actor.
CREATE OR REPLACE FUNCTION app_private.set_admin(p_email text, p_is_admin boolean, p_actor text DEFAULT 'cli'::text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user app_public.users := app_private.user_by_email(p_email);
  v_before boolean := v_user.is_admin;
begin
  update app_public.users set is_admin = p_is_admin where id = v_user.id returning * into v_user;
  perform app_private.record_staff_change('users', jsonb_build_object('id', v_user.id), 'update',
    jsonb_build_object('is_admin', v_before), jsonb_build_object('is_admin', p_is_admin), p_actor);
  return app_hidden.user_json(v_user);
end
$function$;
comment on function app_private.set_admin(text,boolean,text) is null;
revoke all on function app_private.set_admin(text,boolean,text) from public, marine_anonymous, marine_agent, marine_admin;
