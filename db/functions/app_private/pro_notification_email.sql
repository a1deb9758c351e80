CREATE OR REPLACE FUNCTION app_private.pro_notification_email(p_quote_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('quoteId', q.id, 'opportunityId', o.id, 'to', c.email, 'proName', c.name,
      'service', s.name, 'location', o.location, 'description', o.description, 'ownerFirstName', o.owner_first_name)
      from app_public.quotes q
      join app_public.opportunities o on o.id = q.opportunity_id
      join app_public.contractors c on c.id = q.contractor_id
      join app_public.specialties s on s.id = o.specialty_id
     where q.id = p_quote_id and q.pro_notified_at is null
  $function$;
comment on function app_private.pro_notification_email(uuid) is null;
revoke all on function app_private.pro_notification_email(uuid) from public, marine_anonymous, marine_agent, marine_admin;
