CREATE OR REPLACE FUNCTION app_hidden.contractor_by_slug(p_slug text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_result json;
begin
  select app_hidden.contractor_profile(c) into v_result
    from app_public.contractors c where c.slug = p_slug and c.is_active;
  if v_result is null then
    raise exception 'Contractor not found' using errcode = 'NTFND';
  end if;
  return v_result;
end
$function$;
comment on function app_hidden.contractor_by_slug(text) is 'The full profile of an active contractor; see GET /api/v1/public/contractors/{slug}.';
revoke all on function app_hidden.contractor_by_slug(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_by_slug(text) to marine_anonymous;
