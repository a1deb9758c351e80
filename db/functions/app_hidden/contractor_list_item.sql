-- List items as compact JSON (issue 7, docs/performance.md). json_build_object writes
-- `"key" : value, ` (four bytes of spaces a field): a search page of 20 items carried ~2 kB of
-- them, twice in each body (both variants). row_to_json writes `"key":value,`. Same fields, same
-- order, same values. The specialties come from the row (specialty_items, 0024): no join per item.
-- PL/pgSQL, not SQL: the SQL function could not be inlined (its FROM), so its query, with the
-- contractors row type it takes, was parsed and planned again in every transaction that lists
-- contractors (db/CONVENTIONS.md); PL/pgSQL keeps the plan for the session.
CREATE OR REPLACE FUNCTION app_hidden.contractor_list_item(c app_public.contractors)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return (
    select row_to_json(item) from (
      select c.id, c.slug, c.name,
             c.tagline,
             c.city, c.state,
             c.location_text as location,
             c.geocoded_city as "geocodedCity", c.geocoded_state as "geocodedState",
             c.latitude, c.longitude,
             c.specialty_items->'slugs' as specialties,
             c.specialty_items->'objects' as specialities,
             c.rating, c.review_count as "reviewCount",
             c.google_rating as "googleRating", c.google_review_count as "googleReviewCount",
             c.is_verified as "isVerified", c.is_claimed as "isClaimed",
             c.avatar_url as "avatarUrl",
             c.phone, c.email,
             c.website_url as website, c.website_url as "websiteUrl"
    ) item);
end
$function$;
comment on function app_hidden.contractor_list_item(app_public.contractors) is 'A contractor as a list item, with the fields of both variants.';
revoke all on function app_hidden.contractor_list_item(app_public.contractors) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_list_item(app_public.contractors) to marine_anonymous;
