-- Up Migration
-- search_walk also returns each soft match's number of units matched (any_units), so that
-- search_contractors ranks only the soft matches that can reach the page
-- (db/functions/app_hidden/search_walk.sql): a changed return type is a drop here and a create in
-- the definition file.
drop function if exists app_hidden.search_walk(tsquery[], boolean[], text, text, text, integer, integer, smallint, integer, boolean);
-- 0040's column comment said '{}' stands for no state; the list holds '' for a contractor without one.
comment on column app_private.directory_cities.states is 'The states of the city''s active contractors ('''' for a contractor without one): never fewer, perhaps more, until recount_directory (docs/search.md).';
