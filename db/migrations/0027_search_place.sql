-- Up Migration
-- Places in words (issue 23): search_contractors reports the place its place stage read in q
-- (app_hidden.search_place) as one more column, so its return type changes: dropped here and
-- made again from its definition file (a new database has none yet).
drop function if exists app_hidden.search_contractors(text, text, text, text, text, integer, integer, numeric[], uuid);
