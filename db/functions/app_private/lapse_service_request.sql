-- Worker side (job service_requests__lapse, queued for the draft's expiry): a draft that is still
-- not verified when it expires lapses, once. A verified request, or one not yet expired, is left
-- alone, so the job may run late, early or twice.
CREATE OR REPLACE FUNCTION app_private.lapse_service_request(p_request_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_request app_public.service_requests;
begin
  -- The row lock orders the lapse after a confirm that is still running.
  select * into v_request from app_public.service_requests where id = p_request_id for update;
  if v_request.id is null or v_request.status <> 'draft' or v_request.expires_at > now()
     or exists (select 1 from app_public.request_events e where e.request_id = v_request.id and e.type = 'request.lapsed') then
    return false;
  end if;
  perform app_private.record_event('request.lapsed', v_request.id, null, null,
    jsonb_build_object('expiredAt', app_hidden.iso_time(v_request.expires_at)));
  return true;
end
$function$;
comment on function app_private.lapse_service_request(uuid) is null;
revoke all on function app_private.lapse_service_request(uuid) from public, marine_anonymous, marine_agent, marine_admin;
