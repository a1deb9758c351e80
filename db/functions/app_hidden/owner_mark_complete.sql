CREATE OR REPLACE FUNCTION app_hidden.owner_mark_complete(p_token text, p_opportunity_id text, p_quote_id text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
begin
  if v_opportunity.awarded_quote_id is distinct from v_quote.id then
    raise exception 'Only the awarded pro''s thread can be marked complete' using errcode = 'CONFL';
  end if;
  if v_quote.status = 'completed' then
    raise exception 'This work is already marked complete' using errcode = 'CONFL';
  end if;
  if p_confirm then
    update app_public.quotes set status = 'completed' where id = v_quote.id;
    update app_public.opportunities set completed_at = now() where id = v_opportunity.id;
    perform app_private.quote_event('quote.completed', v_quote);
  end if;
  return app_private.preview_or_done(p_confirm, 'mark_complete', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id)), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_mark_complete(text,text,text,boolean) is 'The owner marks the awarded pro''s work complete; see POST .../mark-complete.';
revoke all on function app_hidden.owner_mark_complete(text,text,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_mark_complete(text,text,text,boolean) to marine_anonymous;
