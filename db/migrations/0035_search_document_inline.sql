-- Up Migration
-- The search document stays in the contractor's row (storage MAIN): a row near the TOAST
-- threshold (about 2 kB) had its document moved out of line as readily as its about text, so
-- ranking a window of 1,000 rows (app_hidden.search_rank) fetched most documents from the TOAST
-- table through its index: at 1,000,000 contractors 19% of a partial-word search's time, and
-- search_rank 21 ms a call against 10 ms with the documents in their rows. The longer texts
-- (about, photos) go out of line first now. Rows already stored keep their layout until they
-- are rewritten (any update of the row, or VACUUM FULL app_public.contractors); a new load has it.
alter table app_public.contractors alter column search set storage main;
