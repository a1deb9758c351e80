-- What the e-mail says, or null when there is nothing to send (already sent, promoted, expired).
CREATE OR REPLACE FUNCTION app_private.verification_email(p_request_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object(
      'requestId', r.id, 'to', r.owner_email, 'firstName', r.owner_first_name,
      'service', s.name, 'location', r.location, 'description', r.description,
      'expiresAt', app_hidden.iso_time(r.expires_at),
      'pros', coalesce((select json_agg(c.name order by p.position)
                          from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
                         where p.request_id = r.id), '[]'))
      from app_public.service_requests r join app_public.specialties s on s.id = r.specialty_id
     where r.id = p_request_id and r.status = 'draft' and r.verification_sent_at is null and r.expires_at > now()
  $function$;
comment on function app_private.verification_email(uuid) is null;
revoke all on function app_private.verification_email(uuid) from public, marine_anonymous, marine_agent, marine_admin;
