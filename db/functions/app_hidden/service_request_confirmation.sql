CREATE OR REPLACE FUNCTION app_hidden.service_request_confirmation(p_request_id text, p_token_digest bytea)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_request app_public.service_requests;
begin
  v_request := app_private.checked_request(p_request_id, false);
  if not app_private.credentials_match(v_request.id, null, p_token_digest) then
    raise exception 'Invalid verification code or token' using errcode = 'CREDS';
  end if;
  if v_request.status = 'draft' and v_request.expires_at <= now() then
    raise exception 'This request has expired' using errcode = 'EXPRD',
      detail = 'Verification links and drafts are valid for a limited time; start a new request.';
  end if;
  return json_build_object('requestId', v_request.id, 'status', v_request.status,
    'service', (select name from app_public.specialties where id = v_request.specialty_id),
    'location', v_request.location, 'description', v_request.description,
    'expiresAt', app_hidden.iso_time(v_request.expires_at),
    'pros', coalesce((select json_agg(c.name order by p.position)
                        from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
                       where p.request_id = v_request.id), '[]'));
end
$function$;
comment on function app_hidden.service_request_confirmation(text,bytea) is 'What the confirm page shows; changes nothing. See GET .../service-requests/{requestId}/confirm.';
revoke all on function app_hidden.service_request_confirmation(text,bytea) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.service_request_confirmation(text,bytea) to marine_anonymous;
