-- Up Migration
-- app_hidden.search_terms gains a column (qa: the top tier's query, issue 16), so its return
-- type changes: dropped here (where it exists: a new database gets it from its file only), created
-- again from db/functions/app_hidden/search_terms.sql.
drop function if exists app_hidden.search_terms(text);
