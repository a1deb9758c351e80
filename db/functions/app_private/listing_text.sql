-- A text field of a listing edit: null clears it; otherwise a string of 1..p_max characters after
-- trimming, under the typed-text rule (app_hidden.checked_text: no control characters or
-- bidirectional controls, something visible; line breaks only where p_multiline). INVAL otherwise.
CREATE OR REPLACE FUNCTION app_private.listing_text(p_field text, p_value jsonb, p_max integer, p_multiline boolean)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
declare
  v_text text;
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    raise exception 'Invalid body field ''%'': must be a string, or null to clear it', p_field using errcode = 'INVAL';
  end if;
  v_text := btrim(p_value #>> '{}', e' \t\r\n');
  if v_text = '' then
    raise exception 'Invalid body field ''%'': must not be empty (send null to clear it)', p_field using errcode = 'INVAL';
  end if;
  if length(v_text) > p_max then
    raise exception 'Invalid body field ''%'': must be at most % characters', p_field, p_max using errcode = 'INVAL';
  end if;
  return app_hidden.checked_text(p_field, v_text, p_multiline);
end
$function$;
comment on function app_private.listing_text(text,jsonb,integer,boolean) is null;
revoke all on function app_private.listing_text(text,jsonb,integer,boolean) from public, marine_anonymous, marine_agent, marine_admin;
