-- Up Migration
-- The top tier is one stage, app_hidden.search_top_tier (db/functions/app_hidden/search_top_tier.sql):
-- whether the tier can fill the page, the tier from the walk's matches or walked over the 'a:'
-- postings, and its keys. The part that read the tier from the walk's matches was a function of
-- its own, search_tier, now in the stage: dropped here.
drop function if exists app_hidden.search_tier(integer[], smallint[], tsquery[], boolean[], smallint, integer, integer);
