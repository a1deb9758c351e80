-- A pro's estimate: amount (more than 0, cents at most), currency (ISO 4217 letters), what it
-- covers, and the last day it can be accepted (today or later, UTC), before any award. For every
-- door; q comes locked from app_private.actionable_quote.
CREATE OR REPLACE FUNCTION app_private.pro_act_estimate(q app_public.quotes, p_amount numeric, p_currency text, p_description text, p_valid_until date, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_currency text := upper(coalesce(p_currency, 'USD'));
  v_estimate app_public.estimates;
begin
  perform app_private.before_award(q);
  if p_amount is null or p_amount <= 0 or p_amount >= 10000000000 or p_amount <> round(p_amount, 2) then
    raise exception 'The amount must be more than 0 and below 10,000,000,000, in cents at most' using errcode = 'INVAL';
  end if;
  if v_currency !~ '^[A-Z]{3}$' then
    raise exception 'The currency must be a three-letter ISO 4217 code' using errcode = 'INVAL';
  end if;
  if length(p_description) not between 1 and 5000 then
    raise exception 'What the estimate covers must be 1 to 5000 characters' using errcode = 'INVAL';
  end if;
  if p_valid_until < (now() at time zone 'UTC')::date then
    raise exception 'validUntil must be today or later (UTC)' using errcode = 'INVAL';
  end if;
  if not p_confirm then
    return app_private.pro_preview('submit_estimate', q, jsonb_build_object('amount', p_amount, 'currency', v_currency,
      'description', p_description, 'validUntil', p_valid_until));
  end if;
  insert into app_public.estimates (quote_id, amount, currency, description, valid_until)
    values (q.id, p_amount, v_currency, p_description, p_valid_until) returning * into v_estimate;
  update app_public.quotes set status = 'estimated' where id = q.id;
  perform app_private.pro_acted('pro_estimate', q, jsonb_build_object('estimateId', v_estimate.id), to_jsonb(v_estimate));
  return json_build_object('quoteId', q.id, 'estimateId', v_estimate.id);
end
$function$;
comment on function app_private.pro_act_estimate(app_public.quotes,numeric,text,text,date,boolean) is null;
revoke all on function app_private.pro_act_estimate(app_public.quotes,numeric,text,text,date,boolean) from public, marine_anonymous, marine_agent, marine_admin;
