-- Up Migration
-- The geo searches are static queries now, their filters one inlined function
-- (db/functions/app_hidden/geo_filter.sql): the SQL-text fragments they assembled with a
-- parameter numbering shared across functions (a leftover of the text search before 0030, the
-- only other user) go.
drop function if exists app_hidden.rated_page_sql(text);
drop function if exists app_hidden.rated_arrays_page_sql();
drop function if exists app_hidden.rated_arrays_sql(text);
drop function if exists app_hidden.rated_contractors_sql(text, boolean, text, text);
drop function if exists app_hidden.rated_scan_sql(text, text, text, integer, text);
drop function if exists app_hidden.rated_keyset_sql();
drop function if exists app_hidden.specialty_predicate(integer);
