-- Up Migration
-- refresh_search_postings takes the rating bands to rebuild, so that the seed can rebuild
-- disjoint shares of them side by side (db/functions/app_private/refresh_search_postings.sql):
-- a changed signature is a drop here and a create in the definition file.
drop function if exists app_private.refresh_search_postings();
-- The search words' texts are a contractor's fields apart (app_private.contractor_word_texts), so
-- the rebuild splits only the distinct ones.
drop function if exists app_private.contractor_words_text(app_public.contractors);
