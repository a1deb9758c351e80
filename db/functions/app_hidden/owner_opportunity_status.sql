CREATE OR REPLACE FUNCTION app_hidden.owner_opportunity_status(p_token text, p_opportunity_id text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return (select json_build_object('opportunityId', o.id, 'status', app_hidden.opportunity_status(o),
        'pros', coalesce((select json_agg(json_build_object('quoteId', q.id, 'contractorId', c.id, 'contractorSlug', c.slug,
            'contractorName', c.name, 'quoteStatus', q.status, 'threadStatus', q.thread_status,
            'openMissingInfoRequests', (select count(*) from app_public.info_requests i where i.quote_id = q.id and i.answered_at is null),
            'pendingVisits', (select count(*) from app_public.visits v where v.quote_id = q.id and v.status = 'proposed'),
            'submittedEstimates', (select count(*) from app_public.estimates e where e.quote_id = q.id and e.status = 'submitted'))
            order by q.created_at, q.id)
          from app_public.quotes q join app_public.contractors c on c.id = q.contractor_id where q.opportunity_id = o.id), '[]'))
      from app_private.owned_opportunity(p_token, p_opportunity_id) o);
end
$function$;
comment on function app_hidden.owner_opportunity_status(text,text) is 'Status and per-pro status; see GET .../owner/opportunities/{id}/status.';
revoke all on function app_hidden.owner_opportunity_status(text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_opportunity_status(text,text) to marine_anonymous;
