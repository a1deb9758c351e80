-- request.verified's payload: what the pros are asked (service, place, description) and the quote
-- threads opened, in the order the assistant chose the pros. Never the owner's contact details.
CREATE OR REPLACE FUNCTION app_private.verified_payload(p_request app_public.service_requests, p_opportunity_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select jsonb_build_object(
      'service', (select s.name from app_public.specialties s where s.id = p_request.specialty_id),
      'location', p_request.location, 'description', p_request.description,
      'quotes', coalesce((select jsonb_agg(jsonb_build_object('quoteId', q.id, 'contractorName', c.name) order by p.position)
                 from app_public.quotes q
                 join app_public.contractors c on c.id = q.contractor_id
                 join app_public.service_request_pros p on p.request_id = p_request.id and p.contractor_id = q.contractor_id
                where q.opportunity_id = p_opportunity_id), '[]'))
  $function$;
comment on function app_private.verified_payload(app_public.service_requests,uuid) is null;
revoke all on function app_private.verified_payload(app_public.service_requests,uuid) from public, marine_anonymous, marine_agent, marine_admin;
