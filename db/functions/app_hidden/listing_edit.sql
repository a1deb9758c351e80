-- POST /api/v1/pro/listing/edits: the verified claimant edits the fields a business owns
-- (app_private.listing_changes says which, and their rules). Confirm-gated like the owner's
-- writes: every check runs, then either the preview (what would change, from and to) or the
-- write, which the contractors' triggers carry into search (the generated search document and
-- the postings) and the profile. At most 30 edits of a listing in 24 hours; each is recorded in
-- app_public.listing_edits. Fields sent with their current value are not changes.
CREATE OR REPLACE FUNCTION app_hidden.listing_edit(p_token_digest_hex text, p_changes jsonb, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  c_edits_a_day constant integer := 30;
  v_access record := app_private.listing_token_access(p_token_digest_hex);
  v_new jsonb := app_private.listing_changes(p_changes);
  v_contractor app_public.contractors;
  v_current jsonb;
  v_old jsonb;
  v_changed jsonb;
  v_oldest timestamptz;
begin
  select * into v_contractor from app_public.contractors where id = (v_access.claim).contractor_id for update;
  v_current := jsonb_build_object('tagline', v_contractor.tagline, 'about', v_contractor.about, 'phone', v_contractor.phone,
    'website', v_contractor.website_url, 'social.facebook', v_contractor.social_facebook,
    'social.instagram', v_contractor.social_instagram, 'social.linkedin', v_contractor.social_linkedin,
    'social.youtube', v_contractor.social_youtube, 'photos', v_contractor.photos);
  select coalesce(jsonb_object_agg(k, v_current -> k), '{}'), coalesce(jsonb_object_agg(k, v_new -> k), '{}')
    into v_old, v_changed
    from jsonb_object_keys(v_new) as k where v_new -> k is distinct from v_current -> k;
  select min(at) into v_oldest from (
    select at from app_public.listing_edits
     where contractor_id = v_contractor.id and at > now() - interval '24 hours'
     order by at desc limit c_edits_a_day) recent having count(*) >= c_edits_a_day;
  if v_oldest is not null then
    raise exception 'Too many edits of this listing today: at most % in 24 hours', c_edits_a_day using errcode = 'RATEL',
      detail = app_private.retry_after(v_oldest + interval '24 hours');
  end if;
  if not p_confirm then
    return json_build_object('preview', json_build_object('action', 'edit_listing', 'detail', json_build_object(
      'contractorSlug', v_contractor.slug,
      'changes', coalesce((select json_object_agg(k, json_build_object('from', v_old -> k, 'to', v_changed -> k) order by k)
                             from jsonb_object_keys(v_changed) as k), '{}'))));
  end if;
  if v_changed <> '{}' then
    update app_public.contractors set
        tagline = case when v_changed ? 'tagline' then v_changed ->> 'tagline' else tagline end,
        about = case when v_changed ? 'about' then v_changed ->> 'about' else about end,
        phone = case when v_changed ? 'phone' then v_changed ->> 'phone' else phone end,
        website_url = case when v_changed ? 'website' then v_changed ->> 'website' else website_url end,
        social_facebook = case when v_changed ? 'social.facebook' then v_changed ->> 'social.facebook' else social_facebook end,
        social_instagram = case when v_changed ? 'social.instagram' then v_changed ->> 'social.instagram' else social_instagram end,
        social_linkedin = case when v_changed ? 'social.linkedin' then v_changed ->> 'social.linkedin' else social_linkedin end,
        social_youtube = case when v_changed ? 'social.youtube' then v_changed ->> 'social.youtube' else social_youtube end,
        photos = case when v_changed ? 'photos' then v_changed -> 'photos' else photos end
      where id = v_contractor.id;
    insert into app_public.listing_edits (contractor_id, claim_id, old_values, new_values)
      values (v_contractor.id, (v_access.claim).id, v_old, v_changed);
  end if;
  return json_build_object('contractorSlug', v_contractor.slug,
    'changed', coalesce((select json_agg(k order by k) from jsonb_object_keys(v_changed) as k), '[]'),
    'listing', (select app_hidden.contractor_profile(c) from app_public.contractors c where c.id = v_contractor.id));
end
$function$;
comment on function app_hidden.listing_edit(text,jsonb,boolean) is 'The verified claimant edits its listing (tagline, about, phone, website, social, photos); a preview unless confirmed. See POST /api/v1/pro/listing/edits.';
revoke all on function app_hidden.listing_edit(text,jsonb,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.listing_edit(text,jsonb,boolean) to marine_anonymous;
