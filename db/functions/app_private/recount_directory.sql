-- Every derived value after a bulk load with triggers off, in one call. The seed's load over
-- several connections (scripts/seed/load.ts, recount) runs the same parts itself, side by side:
-- the search words beside recount_counts, then the postings in shares of bands.
CREATE OR REPLACE FUNCTION app_private.recount_directory()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_counts();
    select app_private.refresh_search_words();
    select app_private.refresh_search_postings();
  $function$;
comment on function app_private.recount_directory() is 'Recomputes every derived value (ratings, specialty counts, slugs and list items, city list, search words and postings) after a bulk load.';
revoke all on function app_private.recount_directory() from public, marine_anonymous, marine_agent, marine_admin;
