-- How many matches a text search ranks (the best rated of them) when the top tier does not fill
-- the page: the work of ranking grows with it, so it is bounded (docs/decisions.md "Relevance").
CREATE OR REPLACE FUNCTION app_hidden.search_rank_window()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select 1000 $function$;
comment on function app_hidden.search_rank_window() is 'Text searches rank at most this many matches, the best rated (docs/decisions.md).';
revoke all on function app_hidden.search_rank_window() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_rank_window() to marine_anonymous;
