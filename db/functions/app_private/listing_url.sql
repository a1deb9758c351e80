-- A URL field of a listing edit: null clears it; otherwise an https URL of at most 500 characters
-- with a host name, an optional port of 1 to 65535, and after the host only the characters a URL
-- may carry unencoded (RFC 3986: letters, digits, -._~:/?#[]@!$&'()*+,;=%): never a raw "<>`{}|\^,
-- a space or a non-ASCII character, which a page or an e-mail could read as markup or show as
-- something else (percent-encode them); and, when p_hosts is given, on one of those hosts (a
-- regular expression over the host name, e.g. a social network's). INVAL otherwise. The API
-- checks the same with the WHATWG URL parser first (src/input/text.ts), to answer before SQL.
CREATE OR REPLACE FUNCTION app_private.listing_url(p_field text, p_value jsonb, p_hosts text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
declare
  v_url text := app_private.listing_text(p_field, p_value, 500, false);
  v_port text;
begin
  if v_url is null then
    return null;
  end if;
  v_port := substring(v_url from '^https://[^/:?#]+:([0-9]{1,5})(?:[/?#]|$)');
  if v_url !~* '^https://([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(:[0-9]{1,5})?([/?#][-a-z0-9._~:/?#@!$&''()*+,;=%\[\]]*)?$'
     or v_port::integer not between 1 and 65535 then
    raise exception 'Invalid body field ''%'': must be an https URL', p_field using errcode = 'INVAL',
      detail = 'Only https:// addresses with a host name (and a port of 1 to 65535) are accepted, e.g. https://www.example.com/; percent-encode spaces, quotes, angle brackets and non-ASCII characters.';
  end if;
  if p_hosts is not null and lower(substring(v_url from '^https://([^/:?#]+)')) !~ ('^(www\.|m\.)?(' || p_hosts || ')$') then
    raise exception 'Invalid body field ''%'': must be an address on %', p_field, replace(replace(p_hosts, '\.', '.'), '|', ' or ')
      using errcode = 'INVAL';
  end if;
  return v_url;
end
$function$;
comment on function app_private.listing_url(text,jsonb,text) is null;
revoke all on function app_private.listing_url(text,jsonb,text) from public, marine_anonymous, marine_agent, marine_admin;
