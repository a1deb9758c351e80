-- The fields a claimant may change, checked: an object of some of tagline (1..300 characters),
-- about (1..5000, line breaks allowed), phone (7 to 15 digits, with + ( ) . - and spaces),
-- website (https), social (an object of facebook, instagram, linkedin, youtube: https addresses
-- on that network) and photos (at most 20 {url (https), caption (1..200)}); null clears a field
-- (photos: []). Answers the new values by field name, social flattened ('social.facebook').
-- Everything else (the name, e-mail, isVerified, ...) is the directory's, not the claimant's.
CREATE OR REPLACE FUNCTION app_private.listing_changes(p_changes jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
declare
  c_networks constant jsonb := '{"facebook": "facebook\\.com|fb\\.com", "instagram": "instagram\\.com",
    "linkedin": "linkedin\\.com", "youtube": "youtube\\.com|youtu\\.be"}';
  v_key text;
  v_network text;
  v_value jsonb;
  v_photo jsonb;
  v_photos jsonb := '[]';
  v_phone text;
  v_out jsonb := '{}';
begin
  if jsonb_typeof(p_changes) is distinct from 'object' or p_changes = '{}' then
    raise exception 'Nothing to change' using errcode = 'INVAL',
      detail = 'Send at least one of tagline, about, phone, website, social, photos.';
  end if;
  for v_key, v_value in select key, value from jsonb_each(p_changes) loop
    case v_key
    when 'tagline' then
      v_out := v_out || jsonb_build_object(v_key, app_private.listing_text(v_key, v_value, 300, false));
    when 'about' then
      v_out := v_out || jsonb_build_object(v_key, app_private.listing_text(v_key, v_value, 5000, true));
    when 'phone' then
      v_phone := app_private.listing_text(v_key, v_value, 30, false);
      if v_phone !~ '^\+?[0-9() .-]+$' or length(regexp_replace(v_phone, '[^0-9]', '', 'g')) not between 7 and 15 then
        raise exception 'Invalid body field ''phone'': must be a phone number of 7 to 15 digits' using errcode = 'INVAL',
          detail = 'Digits with an optional leading +, spaces, dots, dashes and parentheses, e.g. +1 772 555 0134.';
      end if;
      v_out := v_out || jsonb_build_object(v_key, v_phone);
    when 'website' then
      v_out := v_out || jsonb_build_object(v_key, app_private.listing_url(v_key, v_value, null));
    when 'social' then
      if jsonb_typeof(v_value) <> 'object' then
        raise exception 'Invalid body field ''social'': must be an object of facebook, instagram, linkedin, youtube' using errcode = 'INVAL';
      end if;
      for v_network in select jsonb_object_keys(v_value) loop
        if not c_networks ? v_network then
          raise exception 'Invalid body field ''social.%'': unknown network', v_network using errcode = 'INVAL',
            detail = 'social takes facebook, instagram, linkedin and youtube.';
        end if;
        v_out := v_out || jsonb_build_object('social.' || v_network,
          app_private.listing_url('social.' || v_network, v_value -> v_network, c_networks ->> v_network));
      end loop;
    when 'photos' then
      if jsonb_typeof(v_value) <> 'array' or jsonb_array_length(v_value) > 20 then
        raise exception 'Invalid body field ''photos'': must be an array of at most 20 photos' using errcode = 'INVAL';
      end if;
      for v_photo in select value from jsonb_array_elements(v_value) loop
        if jsonb_typeof(v_photo) <> 'object' or not v_photo ? 'url' or v_photo - 'url' - 'caption' <> '{}' then
          raise exception 'Invalid body field ''photos'': each photo is {url, caption}' using errcode = 'INVAL',
            detail = 'url: an https address of the image; caption (optional): 1 to 200 characters.';
        end if;
        v_photos := v_photos || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
          'url', app_private.listing_url('photos.url', v_photo -> 'url', null),
          'caption', app_private.listing_text('photos.caption', v_photo -> 'caption', 200, false))));
        if v_photos -> -1 -> 'url' is null then
          raise exception 'Invalid body field ''photos.url'': is required' using errcode = 'INVAL';
        end if;
      end loop;
      v_out := v_out || jsonb_build_object('photos', v_photos);
    else
      raise exception 'Invalid body field ''%'': not a field a claimant can change', v_key using errcode = 'INVAL',
        detail = 'A claimant may change tagline, about, phone, website, social and photos; the rest of the listing (isVerified included) is the directory''s.';
    end case;
  end loop;
  return v_out;
end
$function$;
comment on function app_private.listing_changes(jsonb) is null;
revoke all on function app_private.listing_changes(jsonb) from public, marine_anonymous, marine_agent, marine_admin;
