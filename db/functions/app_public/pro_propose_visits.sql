-- Staff acting for a pro (GraphQL mutation proProposeVisits): the same rule as the pro's own door
-- (app_private.pro_act_visits), always confirmed.
CREATE OR REPLACE FUNCTION app_public.pro_propose_visits(quote_id uuid, times timestamp with time zone[])
 RETURNS app_public.visits
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
-- The parameters are named for GraphQL; in statements, bare names mean the columns.
#variable_conflict use_column
declare
  v_row app_public.visits;
  v_id uuid := (app_private.pro_act_visits(app_private.actionable_quote(pro_propose_visits.quote_id), pro_propose_visits.times, true)->>'visitId')::uuid;
begin
  select * into v_row from app_public.visits where id = v_id;
  return v_row;
end
$function$;
comment on function app_public.pro_propose_visits(uuid,timestamp with time zone[]) is 'For a pro: proposes visit times (1 to 10, in the future) for the owner to choose from.';
revoke all on function app_public.pro_propose_visits(uuid,timestamp with time zone[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_propose_visits(uuid,timestamp with time zone[]) to marine_admin;
