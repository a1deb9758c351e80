-- One event as the parties see it (feeds, webhooks): ids as strings, the payload as data.
CREATE OR REPLACE FUNCTION app_private.event_json(e app_public.request_events)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select jsonb_build_object('id', 'evt_' || e.id, 'type', e.type, 'createdAt', app_hidden.iso_time(e.created_at),
      'requestId', e.request_id, 'opportunityId', e.opportunity_id, 'quoteId', e.quote_id, 'data', e.detail)
  $function$;
comment on function app_private.event_json(app_public.request_events) is null;
revoke all on function app_private.event_json(app_public.request_events) from public, marine_anonymous, marine_agent, marine_admin;
