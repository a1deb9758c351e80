CREATE OR REPLACE FUNCTION app_hidden.owner_visit_options(p_token text, p_opportunity_id text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return (select json_build_object('opportunityId', o.id,
        'visits', coalesce((select json_agg(app_private.visit_json(v, q, c.name) order by v.created_at, v.id)
          from app_public.visits v join app_public.quotes q on q.id = v.quote_id join app_public.contractors c on c.id = q.contractor_id
         where q.opportunity_id = o.id), '[]'))
      from app_private.owned_opportunity(p_token, p_opportunity_id) o);
end
$function$;
comment on function app_hidden.owner_visit_options(text,text) is 'Visits the pros proposed; see GET .../owner/opportunities/{id}/visit-options.';
revoke all on function app_hidden.owner_visit_options(text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_visit_options(text,text) to marine_anonymous;
