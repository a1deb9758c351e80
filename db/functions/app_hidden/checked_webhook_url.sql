-- A webhook endpoint's URL, as its syntax rule allows it (the address it resolves to is checked
-- by the API before, and by the delivery's connection each time: src/webhooks/addresses.ts).
-- https only; http only when the API found every address of the host inside
-- WEBHOOK_ALLOWED_PRIVATE_CIDRS (p_allow_http). No credentials in the URL (they would be shown
-- in every listing), no fragment (never sent), no spaces or control characters.
CREATE OR REPLACE FUNCTION app_hidden.checked_webhook_url(p_url text, p_allow_http boolean)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_authority text := substring(p_url from '^[A-Za-z]+://([^/?#]*)');
begin
  if p_url is null or length(p_url) > 2000 then
    raise exception 'Invalid webhook URL' using errcode = 'INVAL', detail = 'url: a URL of at most 2000 characters is required';
  end if;
  if p_url ~ '[[:space:][:cntrl:]]' then
    raise exception 'Invalid webhook URL' using errcode = 'INVAL', detail = 'url: no spaces or control characters';
  end if;
  if not (p_url ~* '^https://' or (p_allow_http and p_url ~* '^http://')) then
    raise exception 'Webhook URLs must use https' using errcode = 'INVAL',
      detail = 'url: only https:// URLs are accepted (http:// only for addresses inside WEBHOOK_ALLOWED_PRIVATE_CIDRS)';
  end if;
  if v_authority is null or v_authority = '' or v_authority ~ '^:' then
    raise exception 'Invalid webhook URL' using errcode = 'INVAL', detail = 'url: a host name is required';
  end if;
  if v_authority ~ '@' then
    raise exception 'Invalid webhook URL' using errcode = 'INVAL', detail = 'url: no user name or password in the URL';
  end if;
  if p_url ~ '#' then
    raise exception 'Invalid webhook URL' using errcode = 'INVAL', detail = 'url: no fragment (#...)';
  end if;
  return p_url;
end
$function$;
comment on function app_hidden.checked_webhook_url(text,boolean) is 'A webhook URL if its syntax is allowed (https; http only for allowed private ranges; no credentials or fragment), else INVAL naming url.';
revoke all on function app_hidden.checked_webhook_url(text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.checked_webhook_url(text,boolean) to marine_anonymous;
