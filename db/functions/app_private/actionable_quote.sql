-- A pro's quote, locked for the write after its Opportunity, while its thread is open and the
-- pro's write budget lasts; NTFND, CONFL or RATEL.
CREATE OR REPLACE FUNCTION app_private.actionable_quote(p_quote_id uuid)
 RETURNS app_public.quotes
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes;
begin
  -- The Opportunity first, then the quote: the one lock order (app_private.locked_opportunity).
  perform app_private.locked_opportunity(q.opportunity_id) from app_public.quotes q where q.id = p_quote_id;
  select * into v_quote from app_public.quotes where id = p_quote_id for update;
  if v_quote.id is null then
    raise exception 'Quote not found' using errcode = 'NTFND';
  end if;
  perform app_private.open_thread(v_quote);
  perform app_private.quote_write_budget(v_quote);
  return v_quote;
end
$function$;
comment on function app_private.actionable_quote(uuid) is null;
revoke all on function app_private.actionable_quote(uuid) from public, marine_anonymous, marine_agent, marine_admin;
