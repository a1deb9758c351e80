-- Append-only tables (the staff audit trail): every update, delete or truncate is refused, for
-- every role, the owner included (only disabling the trigger, which takes the owner, gets past).
CREATE OR REPLACE FUNCTION app_private.tg__refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  raise exception '% is append-only: its rows cannot be changed or removed', tg_table_schema || '.' || tg_table_name
    using errcode = 'FORBD';
end
$function$;
comment on function app_private.tg__refuse_change() is null;
revoke all on function app_private.tg__refuse_change() from public, marine_anonymous, marine_agent, marine_admin;
