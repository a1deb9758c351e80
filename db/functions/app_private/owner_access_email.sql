-- The owner's access e-mail carries a token of its own, minted by the worker like the
-- verification credentials (so the job queue never holds one). Same steps as verification:
-- store the digest, send, mark sent; a retried send replaces the unsent token.
CREATE OR REPLACE FUNCTION app_private.owner_access_email(p_opportunity_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('opportunityId', o.id, 'to', o.owner_email, 'firstName', o.owner_first_name,
      'service', s.name, 'location', o.location,
      'pros', coalesce((select json_agg(c.name order by c.name) from app_public.quotes q
                          join app_public.contractors c on c.id = q.contractor_id where q.opportunity_id = o.id), '[]'))
      from app_public.opportunities o join app_public.specialties s on s.id = o.specialty_id
     where o.id = p_opportunity_id
       and not exists (select 1 from app_public.request_events e
                        where e.opportunity_id = o.id and e.type = 'opportunity.owner_access_sent')
  $function$;
comment on function app_private.owner_access_email(uuid) is null;
revoke all on function app_private.owner_access_email(uuid) from public, marine_anonymous, marine_agent, marine_admin;
