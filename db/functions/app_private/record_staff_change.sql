-- One row of the staff audit trail. The actor is the staff user of this transaction (app.user_id
-- under the staff role) unless the caller names one (the command line: 'cli:<name>').
CREATE OR REPLACE FUNCTION app_private.record_staff_change(p_table text, p_row_key jsonb, p_action text, p_old jsonb, p_new jsonb, p_actor text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := case when p_actor is null then app_public.current_user_id() end;
  v_actor text := p_actor;
begin
  if v_actor is null then
    select 'staff:' || u.email into v_actor from app_public.users u where u.id = v_user_id;
  end if;
  insert into app_public.staff_audit (actor, staff_user_id, table_name, row_key, action, old_values, new_values)
    values (coalesce(v_actor, 'staff:unknown'), v_user_id, p_table, p_row_key, p_action, p_old, p_new);
end
$function$;
comment on function app_private.record_staff_change(text,jsonb,text,jsonb,jsonb,text) is null;
revoke all on function app_private.record_staff_change(text,jsonb,text,jsonb,jsonb,text) from public, marine_anonymous, marine_agent, marine_admin;
