CREATE OR REPLACE FUNCTION app_private.before_award(q app_public.quotes)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if exists (select 1 from app_public.opportunities where id = q.opportunity_id and awarded_quote_id is not null) then
    raise exception 'This Opportunity is already awarded' using errcode = 'CONFL';
  end if;
end
$function$;
comment on function app_private.before_award(app_public.quotes) is null;
revoke all on function app_private.before_award(app_public.quotes) from public, marine_anonymous, marine_agent, marine_admin;
