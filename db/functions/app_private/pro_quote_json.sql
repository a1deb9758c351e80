-- What a pro sees with its token: the request as the pro's e-mail told it (service, place,
-- description, the owner's first name) and its own thread, exactly as the owner sees that thread
-- (app_private.quote_json). Nothing else of the owner's (no last name, e-mail, phone, other pros
-- or the Opportunity's id).
CREATE OR REPLACE FUNCTION app_private.pro_quote_json(q app_public.quotes)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select (jsonb_build_object('request', jsonb_build_object(
        'service', jsonb_build_object('slug', s.slug, 'name', s.name),
        'location', o.location, 'description', o.description, 'ownerFirstName', o.owner_first_name,
        'requestedAt', app_hidden.iso_time(o.created_at), 'source', o.source,
        'awarded', o.awarded_quote_id is not null))
      || app_private.quote_json(q)::jsonb)::json
      from app_public.opportunities o join app_public.specialties s on s.id = o.specialty_id
     where o.id = q.opportunity_id
  $function$;
comment on function app_private.pro_quote_json(app_public.quotes) is null;
revoke all on function app_private.pro_quote_json(app_public.quotes) from public, marine_anonymous, marine_agent, marine_admin;
