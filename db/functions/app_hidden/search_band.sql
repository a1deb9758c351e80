-- The search postings' rating band of a public rating (0030): hundredths, 0-500, unrated 0.
-- Public ratings have two decimals, so a band holds one rating and the walk's order within
-- bands (search_no) is the only tie-break it adds. No settings, so that it is inlined: it is
-- called for every posting when the postings are rebuilt.
CREATE OR REPLACE FUNCTION app_hidden.search_band(p_public_rating numeric)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select (coalesce(p_public_rating, 0) * 100)::smallint $function$;
comment on function app_hidden.search_band(numeric) is 'The search postings'' rating band of a public rating: hundredths, unrated 0.';
revoke all on function app_hidden.search_band(numeric) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_band(numeric) to marine_anonymous;
