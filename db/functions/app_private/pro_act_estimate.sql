-- A pro's estimate: amount (more than 0, in no more decimals than its currency has), currency
-- (ISO 4217: app_public.currencies), what it covers, and the last day it can be accepted (today or
-- later, UTC, within the booking horizon), before any award. It supersedes the pro's earlier
-- submitted estimate on this quote, so the owner can accept only the newest. For every door; q
-- comes locked from app_private.actionable_quote.
CREATE OR REPLACE FUNCTION app_private.pro_act_estimate(q app_public.quotes, p_amount numeric, p_currency text, p_description text, p_valid_until date, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_currency text := upper(coalesce(p_currency, 'USD'));
  v_estimate app_public.estimates;
  v_minor_units smallint := (select c.minor_units from app_public.currencies c where c.code = v_currency);
  v_superseded uuid[];
begin
  perform app_private.before_award(q);
  if v_minor_units is null then
    raise exception 'currency must be an ISO 4217 currency code' using errcode = 'INVAL',
      detail = format('currency: %s is not a currency (for example USD, EUR, CAD)', left(p_currency, 10));
  end if;
  if p_amount is null or p_amount <= 0 or p_amount >= 10000000000 or p_amount <> round(p_amount, v_minor_units) then
    raise exception 'amount must be more than 0 and below 10,000,000,000, with at most % decimals in %', v_minor_units, v_currency
      using errcode = 'INVAL';
  end if;
  if length(p_description) not between 1 and 5000 then
    raise exception 'What the estimate covers must be 1 to 5000 characters' using errcode = 'INVAL';
  end if;
  if p_valid_until < (now() at time zone 'UTC')::date then
    raise exception 'validUntil must be today or later (UTC)' using errcode = 'INVAL';
  end if;
  if p_valid_until > now() + app_private.setting_booking_horizon() then
    raise exception 'validUntil is too far ahead: at most % from today', app_private.setting_booking_horizon() using errcode = 'INVAL';
  end if;
  select coalesce(array_agg(e.id order by e.id), '{}') into v_superseded
    from app_public.estimates e where e.quote_id = q.id and e.status = 'submitted';
  if not p_confirm then
    return app_private.pro_preview('submit_estimate', q, jsonb_build_object('amount', p_amount, 'currency', v_currency,
      'description', p_description, 'validUntil', p_valid_until, 'supersedesEstimates', to_jsonb(v_superseded)));
  end if;
  update app_public.estimates set status = 'superseded' where id = any (v_superseded);
  insert into app_public.estimates (quote_id, amount, currency, description, valid_until)
    values (q.id, p_amount, v_currency, p_description, p_valid_until) returning * into v_estimate;
  update app_public.quotes set status = 'estimated' where id = q.id;
  perform app_private.pro_acted('quote.estimate_submitted', q, jsonb_build_object('estimateId', v_estimate.id,
    'amount', app_private.amount_text(v_estimate.amount, v_estimate.currency), 'currency', v_estimate.currency,
    'description', v_estimate.description, 'validUntil', v_estimate.valid_until,
    -- A pro has at most one submitted estimate on a quote: the one this one replaces, if any.
    'supersedes', v_superseded[cardinality(v_superseded)]), to_jsonb(v_estimate));
  return json_build_object('quoteId', q.id, 'estimateId', v_estimate.id);
end
$function$;
comment on function app_private.pro_act_estimate(app_public.quotes,numeric,text,text,date,boolean) is null;
revoke all on function app_private.pro_act_estimate(app_public.quotes,numeric,text,text,date,boolean) from public, marine_anonymous, marine_agent, marine_admin;
