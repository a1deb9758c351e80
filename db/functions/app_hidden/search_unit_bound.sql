-- A text search matches at most this many units of q (a unit: a word, or a trade phrase of up to
-- three words; docs/search.md, "The word bound"); the units after them are reported in
-- matching.ignoredWords. Measured at 1,000,000 contractors (SQL, warm): 8 units 0.19 s, 12 units
-- 3.5-3.9 s, and a 200-character q of 21-30 words ran into the 5 s statement timeout.
CREATE OR REPLACE FUNCTION app_hidden.search_unit_bound()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select 8 $function$;
comment on function app_hidden.search_unit_bound() is 'The most units of q a text search matches (docs/search.md).';
revoke all on function app_hidden.search_unit_bound() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_unit_bound() to marine_anonymous;
