-- A quote of this Opportunity, locked for the write, or NTFND (ids of other Opportunities too).
-- The caller holds the Opportunity's lock already (app_private.locked_opportunity): the one lock order.
CREATE OR REPLACE FUNCTION app_private.owned_quote(p_opportunity_id uuid, p_quote_id text)
 RETURNS app_public.quotes
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes;
begin
  if app_hidden.is_uuid(p_quote_id) then
    select * into v_quote from app_public.quotes where id = p_quote_id::uuid and opportunity_id = p_opportunity_id for update;
  end if;
  if v_quote.id is null then
    raise exception 'Quote not found' using errcode = 'NTFND';
  end if;
  return v_quote;
end
$function$;
comment on function app_private.owned_quote(uuid,text) is null;
revoke all on function app_private.owned_quote(uuid,text) from public, marine_anonymous, marine_agent, marine_admin;
