-- Keeps updated_at honest on every update, whatever the client sends (inserts keep their value,
-- so imported history keeps its dates).
CREATE OR REPLACE FUNCTION app_private.tg__set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  new.updated_at := greatest(now(), old.updated_at + interval '1 millisecond');
  return new;
end
$function$;
comment on function app_private.tg__set_updated_at() is null;
revoke all on function app_private.tg__set_updated_at() from public, marine_anonymous, marine_agent, marine_admin;
