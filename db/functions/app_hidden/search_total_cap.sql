-- Text and filter search, best public rating first, ties by id descending; q, specialty, city
-- and state filter. total counts matches up to app_hidden.search_total_cap() (60: every page
-- number of Variant B) or to the end of the requested page if further, and says whether it is
-- exact. p_offset serves page numbers; p_after_* serves cursors.
CREATE OR REPLACE FUNCTION app_hidden.search_total_cap()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select 60 $function$;
comment on function app_hidden.search_total_cap() is 'Search totals are exact up to this many matches, or to the end of the requested page (docs/decisions.md).';
revoke all on function app_hidden.search_total_cap() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_total_cap() to marine_anonymous;
