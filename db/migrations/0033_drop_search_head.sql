-- Up Migration
-- Issue 23's seed at 1,000,000: the search document is the load's largest cost (about 115 us of
-- to_tsvector per contractor), and a generated column cannot read another, so search_head
-- (ts_filter(search, '{a}')) computed the whole document a second time for every row written.
-- Nothing reads it since 0030 but the postings' terms, which now filter search themselves
-- (app_hidden.search_posting_terms(search, state, city)): the same terms, so the postings stay.
drop function if exists app_hidden.search_posting_terms(tsvector, tsvector, text, text);
alter table app_public.contractors drop column search_head;
