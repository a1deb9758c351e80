CREATE OR REPLACE FUNCTION app_hidden.owner_accept_estimate(p_token text, p_opportunity_id text, p_estimate_id text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_estimate app_public.estimates;
  v_quote app_public.quotes;
  v_closed app_public.quotes;
  v_closing uuid[];
begin
  if app_hidden.is_uuid(p_estimate_id) then
    select e.* into v_estimate from app_public.estimates e join app_public.quotes q on q.id = e.quote_id
     where e.id = p_estimate_id::uuid and q.opportunity_id = v_opportunity.id;
  end if;
  if v_estimate.id is null then
    raise exception 'Estimate not found' using errcode = 'NTFND';
  end if;
  if v_opportunity.awarded_quote_id is not null then
    raise exception 'This Opportunity is already awarded' using errcode = 'CONFL';
  end if;
  if v_estimate.status <> 'submitted' then
    raise exception 'This estimate can no longer be accepted' using errcode = 'CONFL',
      detail = format('The estimate is %s.', v_estimate.status);
  end if;
  if v_estimate.valid_until < (now() at time zone 'UTC')::date then
    raise exception 'This estimate has expired' using errcode = 'CONFL',
      detail = format('It was valid until %s (UTC); ask the pro for a new one.', v_estimate.valid_until);
  end if;
  select * into v_quote from app_public.quotes where id = v_estimate.quote_id;
  select coalesce(array_agg(e.id order by e.id), '{}') into v_closing
    from app_public.estimates e join app_public.quotes q on q.id = e.quote_id
   where q.opportunity_id = v_opportunity.id and e.status = 'submitted' and e.id <> v_estimate.id;
  if p_confirm then
    update app_public.estimates set status = 'accepted' where id = v_estimate.id;
    update app_public.estimates set status = 'closed' where id = any (v_closing);
    update app_public.quotes set status = 'awarded' where id = v_quote.id;
    update app_public.opportunities set awarded_quote_id = v_quote.id where id = v_opportunity.id;
    perform app_private.quote_event('quote.awarded', v_quote, jsonb_build_object('estimateId', v_estimate.id,
      'amount', app_private.amount_text(v_estimate.amount, v_estimate.currency), 'currency', v_estimate.currency,
      'description', v_estimate.description));
    -- Each other open quote closes, and says so in its own thread.
    for v_closed in update app_public.quotes set status = 'closed', thread_status = 'closed'
       where opportunity_id = v_opportunity.id and id <> v_quote.id and status <> 'declined' returning * loop
      perform app_private.quote_event('quote.closed', v_closed, jsonb_build_object('reason', 'awarded_elsewhere'));
    end loop;
  end if;
  return app_private.preview_or_done(p_confirm, 'accept_estimate', json_build_object('estimateId', v_estimate.id,
    'quoteId', v_quote.id, 'contractorName', app_private.contractor_name(v_quote.contractor_id),
    'amount', v_estimate.amount, 'currency', v_estimate.currency, 'closesEstimates', to_json(v_closing)), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_accept_estimate(text,text,text,boolean) is 'The owner accepts an estimate: awards that pro and closes every other submitted estimate; see POST .../accept-estimate.';
revoke all on function app_hidden.owner_accept_estimate(text,text,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_accept_estimate(text,text,text,boolean) to marine_anonymous;
