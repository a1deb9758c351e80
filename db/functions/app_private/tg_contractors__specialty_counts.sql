CREATE OR REPLACE FUNCTION app_private.tg_contractors__specialty_counts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if tg_op = 'DELETE' and old.is_active then
    perform app_private.add_specialty_counts(old.id, -1);
  elsif tg_op = 'UPDATE' and new.is_active <> old.is_active then
    perform app_private.add_specialty_counts(new.id, case when new.is_active then 1 else -1 end);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;
comment on function app_private.tg_contractors__specialty_counts() is null;
revoke all on function app_private.tg_contractors__specialty_counts() from public, marine_anonymous, marine_agent, marine_admin;
