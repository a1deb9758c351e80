-- Up Migration
-- The top tier takes a unit whose exact words are posted nowhere (a typo, a word typed so far)
-- through its corrections and completions in the name or as a specialty (search_terms' q3), with
-- the key's corrected units counted: it is told each unit's exact and q3 tsqueries as well as
-- qa (db/functions/app_hidden/search_top_tier.sql). The signature changes: the old one is dropped.
drop function if exists app_hidden.search_top_tier(integer[], smallint[], integer, text, tsquery[], boolean[], text, text, text, numeric[], smallint, integer, integer, integer);
