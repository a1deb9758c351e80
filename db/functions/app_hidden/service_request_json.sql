CREATE OR REPLACE FUNCTION app_hidden.service_request_json(r app_public.service_requests)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return json_build_object(
      'status', 'owner_verification_required',
      'requestId', r.id,
      'source', r.source,
      'verification', json_build_object(
        'channel', 'email',
        'sentTo', app_hidden.masked_email(r.owner_email::text),
        'delivery', case when r.verification_sent_at is null then 'queued' else 'sent' end,
        'expiresAt', app_hidden.iso_time(r.expires_at)),
      'selectedPros', coalesce((
        select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by p.position)
          from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
         where p.request_id = r.id), '[]'));
end
$function$;
comment on function app_hidden.service_request_json(app_public.service_requests) is 'A draft as step 1 answers it.';
revoke all on function app_hidden.service_request_json(app_public.service_requests) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.service_request_json(app_public.service_requests) to marine_anonymous;
