CREATE OR REPLACE FUNCTION app_hidden.owner_select_visit_time(p_token text, p_opportunity_id text, p_quote_id text, p_visit_id text, p_selected_time timestamp with time zone, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
  v_visit app_public.visits;
begin
  if app_hidden.is_uuid(p_visit_id) then
    select * into v_visit from app_public.visits where id = p_visit_id::uuid and quote_id = v_quote.id for update;
  end if;
  if v_visit.id is null then
    raise exception 'Visit not found' using errcode = 'NTFND';
  end if;
  perform app_private.open_thread(v_quote);
  if v_visit.status <> 'proposed' then
    raise exception 'A time was already chosen for this visit' using errcode = 'CONFL';
  end if;
  -- Instants compare as instants: any ISO spelling of a proposed time matches it.
  if not p_selected_time = any (v_visit.proposed_times) then
    raise exception 'selectedTime is not one of the proposed times' using errcode = 'INVAL',
      detail = format('selectedTime: choose one of %s', (select string_agg(app_hidden.iso_time(t), ', ' order by t) from unnest(v_visit.proposed_times) t));
  end if;
  -- A proposed time that has passed cannot be chosen: ask the pro for new times.
  if p_selected_time <= now() then
    raise exception 'selectedTime has passed' using errcode = 'INVAL',
      detail = 'selectedTime: this proposed time is in the past; ask the pro for new times.';
  end if;
  if p_confirm then
    update app_public.visits set selected_time = p_selected_time, status = 'scheduled' where id = v_visit.id;
    update app_public.quotes set status = 'visit_scheduled' where id = v_quote.id and status in ('requested', 'info_requested', 'visit_proposed');
    perform app_private.quote_event('quote.visit_time_selected', v_quote,
      jsonb_build_object('visitId', v_visit.id, 'time', app_hidden.iso_time(p_selected_time)));
  end if;
  return app_private.preview_or_done(p_confirm, 'select_visit_time', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'visitId', v_visit.id,
    'selectedTime', app_hidden.iso_time(p_selected_time)), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_select_visit_time(text,text,text,text,timestamp with time zone,boolean) is 'The owner chooses one of the proposed visit times; see POST .../select-visit-time.';
revoke all on function app_hidden.owner_select_visit_time(text,text,text,text,timestamp with time zone,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_select_visit_time(text,text,text,text,timestamp with time zone,boolean) to marine_anonymous;
