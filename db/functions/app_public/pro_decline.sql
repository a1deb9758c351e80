CREATE OR REPLACE FUNCTION app_public.pro_decline(quote_id uuid, reason text DEFAULT NULL::text)
 RETURNS app_public.quotes
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
-- The parameter is named for GraphQL; in statements, quote_id means the column.
#variable_conflict use_column
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
begin
  if v_quote.status in ('awarded', 'completed') then
    raise exception 'An awarded pro cannot decline' using errcode = 'CONFL';
  end if;
  update app_public.estimates set status = 'withdrawn' where quote_id = v_quote.id and status = 'submitted';
  update app_public.quotes set status = 'declined', thread_status = 'closed' where id = v_quote.id returning * into v_quote;
  perform app_private.pro_acted('pro_declined', v_quote, jsonb_build_object('reason', reason), to_jsonb(v_quote));
  return v_quote;
end
$function$;
comment on function app_public.pro_decline(uuid,text) is 'For a pro: declines the request; its submitted estimates are withdrawn.';
revoke all on function app_public.pro_decline(uuid,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_decline(uuid,text) to marine_admin;
