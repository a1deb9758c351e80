-- The audit row of a staff write (the triggers fire only under the staff role: migration 0026).
-- Only the statement staff sent is recorded, not what other triggers or cascades write for it
-- (pg_trigger_depth() > 1 there), so each staff mutation leaves one row per row it named. The
-- trigger's arguments are columns left out (derived ones); an update records the changed fields.
CREATE OR REPLACE FUNCTION app_private.tg__audit_staff_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - coalesce(tg_argv, '{}') end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - coalesce(tg_argv, '{}') end;
  v_key jsonb;
begin
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  select jsonb_object_agg(a.attname, coalesce(v_new, v_old) -> a.attname::text) into v_key
    from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
   where i.indrelid = tg_relid and i.indisprimary;
  if tg_op = 'UPDATE' then
    select coalesce(jsonb_object_agg(k, v_old -> k), '{}'), coalesce(jsonb_object_agg(k, v_new -> k), '{}')
      into v_old, v_new
      from jsonb_object_keys(v_new) as k
     where v_new -> k is distinct from v_old -> k;
  end if;
  perform app_private.record_staff_change(tg_table_name, v_key, lower(tg_op), v_old, v_new);
  return null;
end
$function$;
comment on function app_private.tg__audit_staff_change() is null;
revoke all on function app_private.tg__audit_staff_change() from public, marine_anonymous, marine_agent, marine_admin;
