-- Up Migration
-- search_rank is told whether the window is soft matches (db/functions/app_hidden/search_rank.sql):
-- a changed signature is a drop here and a create in the definition file.
drop function if exists app_hidden.search_rank(integer[], smallint[], tsquery[], tsquery[], tsquery[], tsquery[], boolean[], text, text, numeric[], integer, integer, integer);
-- search_walk is told when every unit is known to match somewhere (its second pass), likewise.
drop function if exists app_hidden.search_walk(tsquery[], boolean[], text, text, text, integer, integer, smallint, integer);
