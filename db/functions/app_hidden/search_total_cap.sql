-- Search totals are exact up to 10,000 matches (Elasticsearch's track_total_hits): beyond, total
-- is a lower bound and total_exact is false. Text searches also rank at most this many matches,
-- the best rated (docs/decisions.md "Relevance").
CREATE OR REPLACE FUNCTION app_hidden.search_total_cap()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select 10000 $function$;
comment on function app_hidden.search_total_cap() is 'Search totals are exact up to this many matches (docs/decisions.md).';
revoke all on function app_hidden.search_total_cap() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_total_cap() to marine_anonymous;
