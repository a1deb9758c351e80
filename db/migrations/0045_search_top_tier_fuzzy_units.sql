-- Up Migration
-- The top tier takes a unit whose exact words are posted nowhere (a typo, a word typed so far)
-- through its corrections and completions in the name or as a specialty (search_terms' q3), with
-- the key's corrected units counted, and without a tier returns a bound on every match's key,
-- from which the rank stops reading the window once the page's rows have it
-- (db/functions/app_hidden/search_top_tier.sql, search_rank.sql). Both signatures change: the
-- old ones are dropped.
drop function if exists app_hidden.search_top_tier(integer[], smallint[], integer, text, tsquery[], boolean[], text, text, text, numeric[], smallint, integer, integer, integer);
drop function if exists app_hidden.search_rank(integer[], smallint[], tsquery[], tsquery[], tsquery[], tsquery[], boolean[], boolean, text, text, numeric[], integer, integer, integer);
