-- Takes staff power away (npm run admin -- revoke-staff EMAIL); the next staff request of the
-- user is refused. Idempotent.
CREATE OR REPLACE FUNCTION app_private.revoke_staff(p_email text, p_actor text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user app_public.users := app_private.user_by_email(p_email);
begin
  delete from app_private.staff_grants where user_id = v_user.id;
  if found then
    perform app_private.record_staff_change('staff_grants', jsonb_build_object('user_id', v_user.id), 'revoke_staff',
      jsonb_build_object('email', v_user.email), null, p_actor);
  end if;
  return app_private.staff_json(v_user);
end
$function$;
comment on function app_private.revoke_staff(text,text) is null;
revoke all on function app_private.revoke_staff(text,text) from public, marine_anonymous, marine_agent, marine_admin;
