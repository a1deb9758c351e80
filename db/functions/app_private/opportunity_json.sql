CREATE OR REPLACE FUNCTION app_private.opportunity_json(o app_public.opportunities)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object(
      'opportunityId', o.id,
      'status', app_hidden.opportunity_status(o),
      'source', o.source,
      'owner', json_build_object('firstName', o.owner_first_name, 'lastName', o.owner_last_name,
        'email', o.owner_email, 'phone', o.owner_phone),
      'project', json_build_object('specialtySlug', s.slug, 'specialtyName', s.name,
        'location', o.location, 'description', o.description),
      'createdAt', app_hidden.iso_time(o.created_at),
      'completedAt', app_hidden.iso_time(o.completed_at),
      'pros', coalesce((select json_agg(app_private.quote_json(q) order by q.created_at, q.id)
        from app_public.quotes q where q.opportunity_id = o.id), '[]'))
    from app_public.specialties s where s.id = o.specialty_id
  $function$;
comment on function app_private.opportunity_json(app_public.opportunities) is null;
revoke all on function app_private.opportunity_json(app_public.opportunities) from public, marine_anonymous, marine_agent, marine_admin;
