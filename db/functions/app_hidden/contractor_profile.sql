-- The full profile: Variant B's fields plus Variant A's latitude, longitude and website.
-- PL/pgSQL, not SQL: as a SQL function it was parsed (with the contractors row type it takes)
-- and planned again in every transaction (db/CONVENTIONS.md).
CREATE OR REPLACE FUNCTION app_hidden.contractor_profile(c app_public.contractors)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return (
    select json_build_object(
      'id', c.id, 'slug', c.slug, 'name', c.name,
      'about', c.about, 'tagline', c.tagline,
      'phone', c.phone, 'email', c.email,
      'location', c.location_text, 'city', c.city, 'state', c.state,
      'latitude', c.latitude, 'longitude', c.longitude,
      'logoUrl', c.logo_url,
      'website', c.website_url,
      'isVerified', c.is_verified, 'isClaimed', c.is_claimed,
      'rating', c.rating, 'reviewCount', c.review_count,
      'specialties', coalesce((
        select json_agg(json_build_object('id', sp.id, 'name', sp.name, 'slug', sp.slug) order by sp.name, sp.id)
          from app_public.contractor_specialties cs
          join app_public.specialties sp on sp.id = cs.specialty_id
         where cs.contractor_id = c.id), '[]'),
      'photos', c.photos,
      'videos', c.videos,
      -- The 50 newest published reviews; reviewCount has the total.
      'reviews', coalesce((
        select json_agg(json_build_object('id', r.id, 'rating', r.rating, 'review', r.body,
                 'authorName', r.author_name, 'createdAt', app_hidden.iso_time(r.created_at))
                 order by r.created_at desc, r.id desc)
          from (select * from app_public.reviews
                 where contractor_id = c.id and is_published
                 order by created_at desc, id desc limit 50) r), '[]'),
      'badges', to_json(c.badges),
      'social', json_build_object('facebook', c.social_facebook, 'instagram', c.social_instagram,
                                  'linkedin', c.social_linkedin, 'youtube', c.social_youtube),
      'yearEstablished', c.year_established,
      'updatedAt', app_hidden.iso_time(c.updated_at)));
end
$function$;
comment on function app_hidden.contractor_profile(app_public.contractors) is 'A contractor''s full profile (Variant B plus latitude, longitude, website).';
revoke all on function app_hidden.contractor_profile(app_public.contractors) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_profile(app_public.contractors) to marine_anonymous;
