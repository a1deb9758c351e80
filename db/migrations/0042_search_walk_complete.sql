-- Up Migration
-- search_walk leaves out, before reading any band, a unit posted nowhere, and says with a new
-- output column (complete) whether its other outputs are whole, so search_contractors walks
-- again only when a unit was found missing after the walk began
-- (db/functions/app_hidden/search_walk.sql): a changed return type is a drop here and a create in
-- the definition file.
drop function if exists app_hidden.search_walk(tsquery[], boolean[], text, text, text, integer, integer, smallint, integer, boolean);
