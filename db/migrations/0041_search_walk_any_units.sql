-- Up Migration
-- search_walk also returns each soft match's number of units matched (any_units), so that
-- search_contractors ranks only the soft matches that can reach the page
-- (db/functions/app_hidden/search_walk.sql): a changed return type is a drop here and a create in
-- the definition file.
drop function if exists app_hidden.search_walk(tsquery[], boolean[], text, text, text, integer, integer, smallint, integer, boolean);
