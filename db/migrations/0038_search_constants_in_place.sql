-- Up Migration
-- The search's count cap (10,000) and rank window (1,000) are constants of search_contractors,
-- the one function that reads them (db/functions/app_hidden/search_contractors.sql), not
-- functions of their own.
drop function if exists app_hidden.search_rank_window();
drop function if exists app_hidden.search_total_cap();
