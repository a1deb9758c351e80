-- Step 2: POST .../confirm. Promotes the draft exactly once: the row lock makes concurrent
-- confirms queue, and the first one promotes; the rest answer already_confirmed.
CREATE OR REPLACE FUNCTION app_private.confirmation_json(p_request app_public.service_requests, p_status text, p_owner_token text)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object(
      'status', p_status, 'requestId', p_request.id, 'opportunityId', o.id, 'source', o.source,
      'quotes', coalesce((select json_agg(json_build_object('quoteId', q.id, 'contractorSlug', c.slug,
                   'contractorName', c.name, 'opportunityId', q.opportunity_id, 'threadStatus', q.thread_status)
                   order by p.position)
                 from app_public.quotes q
                 join app_public.contractors c on c.id = q.contractor_id
                 join app_public.service_request_pros p on p.request_id = p_request.id and p.contractor_id = q.contractor_id
                where q.opportunity_id = o.id), '[]'),
      'ownerAccessToken', p_owner_token)
    from app_public.opportunities o where o.request_id = p_request.id
  $function$;
comment on function app_private.confirmation_json(app_public.service_requests,text,text) is null;
revoke all on function app_private.confirmation_json(app_public.service_requests,text,text) from public, marine_anonymous, marine_agent, marine_admin;
