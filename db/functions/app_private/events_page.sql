-- One page of a feed: the shared events of an Opportunity (p_quote_id null: the owner's feed) or
-- of one of its quotes (the pro's feed), oldest first, after the event id p_after. nextCursor is
-- the last event's id while a full page may have more after it; null once the feed is caught up
-- (poll again with the last event's id as after).
CREATE OR REPLACE FUNCTION app_private.events_page(p_opportunity_id uuid, p_quote_id uuid, p_after text, p_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_after bigint := app_private.event_after(p_after);
  v_events json;
  v_count integer;
  v_last bigint;
begin
  if p_limit is null or p_limit not between 1 and app_private.setting_event_page_max() then
    raise exception 'Invalid query parameter ''limit'': must be between 1 and %', app_private.setting_event_page_max()
      using errcode = 'INVAL';
  end if;
  -- The Opportunity's index (opportunity_id, id) serves both feeds: a quote's events are its subset.
  select json_agg(app_private.event_json(e) order by e.id), count(*), max(e.id) into v_events, v_count, v_last
    from (select e.* from app_public.request_events e
            join app_public.event_types t on t.type = e.type and t.shared
           where e.opportunity_id = p_opportunity_id and (p_quote_id is null or e.quote_id = p_quote_id) and e.id > v_after
           order by e.id limit p_limit) e;
  return json_build_object('events', coalesce(v_events, '[]'),
    'nextCursor', case when v_count = p_limit then 'evt_' || v_last end);
end
$function$;
comment on function app_private.events_page(uuid,uuid,text,integer) is null;
revoke all on function app_private.events_page(uuid,uuid,text,integer) from public, marine_anonymous, marine_agent, marine_admin;
