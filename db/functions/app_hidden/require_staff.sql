-- The one check that opens staff GraphQL: the calling user holds a staff grant. Whatever the
-- tier of the key (an admin-tier key is only higher limits); CREDS without a key, FORBD without
-- a grant.
CREATE OR REPLACE FUNCTION app_hidden.require_staff()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_hidden.required_user_id();
begin
  if not exists (select 1 from app_private.staff_grants g where g.user_id = v_user_id) then
    raise exception 'Staff access is required' using errcode = 'FORBD',
      detail = 'This endpoint is for staff. Staff is granted from the command line (npm run admin -- grant-staff EMAIL); an admin-tier key alone does not open it.';
  end if;
  return v_user_id;
end
$function$;
comment on function app_hidden.require_staff() is 'The calling user''s id if they hold a staff grant; CREDS without a key, FORBD without a grant.';
revoke all on function app_hidden.require_staff() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.require_staff() to marine_anonymous;
