-- Staff acting for a pro (GraphQL mutation proSubmitEstimate): the same rule as the pro's own door
-- (app_private.pro_act_estimate), always confirmed.
CREATE OR REPLACE FUNCTION app_public.pro_submit_estimate(quote_id uuid, amount numeric, currency text DEFAULT 'USD'::text, description text DEFAULT NULL::text, valid_until date DEFAULT NULL::date)
 RETURNS app_public.estimates
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
-- The parameters are named for GraphQL; in statements, bare names mean the columns.
#variable_conflict use_column
declare
  v_row app_public.estimates;
  v_id uuid := (app_private.pro_act_estimate(app_private.actionable_quote(pro_submit_estimate.quote_id), pro_submit_estimate.amount, pro_submit_estimate.currency, pro_submit_estimate.description, pro_submit_estimate.valid_until, true)->>'estimateId')::uuid;
begin
  select * into v_row from app_public.estimates where id = v_id;
  return v_row;
end
$function$;
comment on function app_public.pro_submit_estimate(uuid,numeric,text,text,date) is 'For a pro: submits an estimate (amount, currency, what it covers, the last day it can be accepted).';
revoke all on function app_public.pro_submit_estimate(uuid,numeric,text,text,date) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_submit_estimate(uuid,numeric,text,text,date) to marine_admin;
