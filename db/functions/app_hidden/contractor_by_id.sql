CREATE OR REPLACE FUNCTION app_hidden.contractor_by_id(p_id text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_result json;
begin
  -- Anything that is not a UUID cannot name a contractor: the same 404 as an unknown one.
  if app_hidden.is_uuid(p_id) then
    select app_hidden.contractor_profile(c) into v_result
      from app_public.contractors c where c.id = p_id::uuid and c.is_active;
  end if;
  if v_result is null then
    raise exception 'Contractor not found' using errcode = 'NTFND';
  end if;
  return v_result;
end
$function$;
comment on function app_hidden.contractor_by_id(text) is 'The full profile of an active contractor; see GET /api/v1/public/contractors/by-id/{id}.';
revoke all on function app_hidden.contractor_by_id(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_by_id(text) to marine_anonymous;
