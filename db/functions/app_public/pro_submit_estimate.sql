CREATE OR REPLACE FUNCTION app_public.pro_submit_estimate(quote_id uuid, amount numeric, currency text DEFAULT 'USD'::text, description text DEFAULT NULL::text)
 RETURNS app_public.estimates
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_estimate app_public.estimates;
begin
  perform app_private.before_award(v_quote);
  insert into app_public.estimates (quote_id, amount, currency, description)
    values (v_quote.id, amount, upper(coalesce(currency, 'USD')), description) returning * into v_estimate;
  update app_public.quotes set status = 'estimated' where id = v_quote.id;
  perform app_private.pro_acted('pro_estimate', v_quote, jsonb_build_object('estimateId', v_estimate.id), to_jsonb(v_estimate));
  return v_estimate;
end
$function$;
comment on function app_public.pro_submit_estimate(uuid,numeric,text,text) is 'For a pro: submits an estimate (amount, currency, description).';
revoke all on function app_public.pro_submit_estimate(uuid,numeric,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_submit_estimate(uuid,numeric,text,text) to marine_admin;
