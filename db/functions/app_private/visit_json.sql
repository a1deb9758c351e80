CREATE OR REPLACE FUNCTION app_private.visit_json(v app_public.visits, q app_public.quotes, p_contractor_name text)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('visitId', v.id, 'quoteId', q.id, 'contractorName', p_contractor_name,
      'options', (select json_agg(app_hidden.iso_time(t) order by t) from unnest(v.proposed_times) t),
      'selectedTime', app_hidden.iso_time(v.selected_time), 'status', v.status,
      'proposedAt', app_hidden.iso_time(v.created_at))
  $function$;
comment on function app_private.visit_json(app_public.visits,app_public.quotes,text) is null;
revoke all on function app_private.visit_json(app_public.visits,app_public.quotes,text) from public, marine_anonymous, marine_agent, marine_admin;
