-- An amount as an event's payload carries it: a decimal string with its currency's decimals
-- ('1850.50' USD, '185000' JPY), so no reader loses precision to a binary float.
CREATE OR REPLACE FUNCTION app_private.amount_text(p_amount numeric, p_currency text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select round(p_amount, coalesce((select c.minor_units from app_public.currencies c where c.code = p_currency), scale(p_amount)))::text
  $function$;
comment on function app_private.amount_text(numeric,text) is null;
revoke all on function app_private.amount_text(numeric,text) from public, marine_anonymous, marine_agent, marine_admin;
