-- Worker side: the owner's e-mail about a pro's action.
CREATE OR REPLACE FUNCTION app_private.owner_notice(p_event_id bigint)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('eventId', e.id, 'type', e.type, 'opportunityId', o.id, 'to', o.owner_email,
      'firstName', o.owner_first_name, 'proName', c.name, 'service', s.name)
      from app_public.request_events e
      join app_public.opportunities o on o.id = e.opportunity_id
      join app_public.quotes q on q.id = e.quote_id
      join app_public.contractors c on c.id = q.contractor_id
      join app_public.specialties s on s.id = o.specialty_id
     where e.id = p_event_id and e.owner_notified_at is null
  $function$;
comment on function app_private.owner_notice(bigint) is null;
revoke all on function app_private.owner_notice(bigint) from public, marine_anonymous, marine_agent, marine_admin;
