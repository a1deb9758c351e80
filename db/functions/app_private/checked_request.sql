-- The confirm page (GET): what the owner is about to confirm. Read-only: a wrong token here is
-- refused but not counted, and nothing changes however often it is called.
CREATE OR REPLACE FUNCTION app_private.checked_request(p_request_id text, p_for_update boolean)
 RETURNS app_public.service_requests
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_request app_public.service_requests;
begin
  if app_hidden.is_uuid(p_request_id) then
    if p_for_update then
      select * into v_request from app_public.service_requests where id = p_request_id::uuid for update;
    else
      select * into v_request from app_public.service_requests where id = p_request_id::uuid;
    end if;
  end if;
  if v_request.id is null then
    raise exception 'Service request not found' using errcode = 'NTFND';
  end if;
  return v_request;
end
$function$;
comment on function app_private.checked_request(text,boolean) is null;
revoke all on function app_private.checked_request(text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
