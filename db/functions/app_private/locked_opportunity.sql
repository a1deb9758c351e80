-- The Opportunity's row, locked for the write. Every function that writes an Opportunity's quotes
-- (or the rows under them) takes this lock first, then its quotes: one order, so two writers of
-- the same Opportunity wait for each other instead of deadlocking (docs/decisions.md, "One lock
-- order for an Opportunity's writes").
CREATE OR REPLACE FUNCTION app_private.locked_opportunity(p_opportunity_id uuid)
 RETURNS app_public.opportunities
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities;
begin
  select * into v_opportunity from app_public.opportunities where id = p_opportunity_id for update;
  if v_opportunity.id is null then
    raise exception 'Opportunity not found' using errcode = 'NTFND';
  end if;
  return v_opportunity;
end
$function$;
comment on function app_private.locked_opportunity(uuid) is null;
revoke all on function app_private.locked_opportunity(uuid) from public, marine_anonymous, marine_agent, marine_admin;
