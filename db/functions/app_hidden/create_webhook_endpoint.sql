-- POST /api/v1/webhook-endpoints: a new endpoint of the caller's account and its signing secret,
-- which is answered this once. The API resolved the host and checked its addresses before
-- (p_allow_http: all of them are inside WEBHOOK_ALLOWED_PRIVATE_CIDRS). The account's row is
-- locked first, so concurrent creations are counted one after the other.
CREATE OR REPLACE FUNCTION app_hidden.create_webhook_endpoint(p_url text, p_events text[], p_allow_http boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_hidden.required_user_id();
  v_url text := app_hidden.checked_webhook_url(p_url, p_allow_http);
  v_limit integer := app_private.setting_webhook_endpoints_per_account();
  v_events text[];
  v_endpoint app_public.webhook_endpoints;
  v_secret text := 'whsec_' || encode(extensions.gen_random_bytes(32), 'base64');
begin
  if p_events is not null then
    if cardinality(p_events) = 0 then
      raise exception 'Invalid event filter' using errcode = 'INVAL',
        detail = 'events: list at least one event type, or leave events out for every shared type';
    end if;
    for i in 1 .. cardinality(p_events) loop
      if not exists (select 1 from app_public.event_types t where t.type = p_events[i] and t.shared) then
        raise exception 'Unknown event type: %', p_events[i] using errcode = 'INVAL',
          detail = format('events[%s]: not an event type delivered to agents (%s)', i - 1,
            (select string_agg(t.type, ', ' order by t.type) from app_public.event_types t where t.shared));
      end if;
    end loop;
    select array_agg(distinct e order by e) into v_events from unnest(p_events) e;
  end if;
  perform 1 from app_public.users u where u.id = v_user_id for update;
  if (select count(*) from app_public.webhook_endpoints w where w.user_id = v_user_id) >= v_limit then
    raise exception 'Webhook endpoint limit reached: % endpoints', v_limit using errcode = 'CONFL',
      detail = 'Delete an endpoint (DELETE /api/v1/webhook-endpoints/{id}) before adding another.';
  end if;
  insert into app_public.webhook_endpoints (user_id, url, events) values (v_user_id, v_url, v_events)
    returning * into v_endpoint;
  insert into app_private.webhook_secrets (endpoint_id, secret) values (v_endpoint.id, v_secret);
  return (app_hidden.webhook_endpoint_json(v_endpoint)::jsonb || jsonb_build_object('secret', v_secret))::json;
end
$function$;
comment on function app_hidden.create_webhook_endpoint(text,text[],boolean) is 'Adds a webhook endpoint to the caller''s account and answers its whsec_ secret, once; see POST /api/v1/webhook-endpoints.';
revoke all on function app_hidden.create_webhook_endpoint(text,text[],boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.create_webhook_endpoint(text,text[],boolean) to marine_anonymous;
