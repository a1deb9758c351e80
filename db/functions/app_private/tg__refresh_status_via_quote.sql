-- For tables whose rows belong to a quote (info requests, visits, estimates, reviews).
CREATE OR REPLACE FUNCTION app_private.tg__refresh_status_via_quote()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  perform app_private.refresh_opportunity_status(q.opportunity_id)
     from app_public.quotes q
    where q.id in ((case when tg_op = 'DELETE' then old else new end).quote_id,
                   (case when tg_op = 'INSERT' then new else old end).quote_id);
  return null;
end
$function$;
comment on function app_private.tg__refresh_status_via_quote() is null;
revoke all on function app_private.tg__refresh_status_via_quote() from public, marine_anonymous, marine_agent, marine_admin;
