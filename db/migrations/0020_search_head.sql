-- Issue 16's search, measured at 1,000,000 contractors: the top tier of a text search (every
-- unit in the name or as a specialty: search_terms' qa) was found by reading each candidate's
-- whole document (20-50 us a row, TOASTed), behind a signature that OR queries cannot use.
-- search_head is the A part of the document (name and specialty tokens: a few lexemes), small
-- enough to sit in the rated indexes, where the top tier is checked without reading the row,
-- and in a GIN index for top tiers too sparse to meet in rated order. It replaces the
-- signature, which nothing uses any more.
alter table app_public.contractors drop column search_signature;  -- and the two rated indexes holding it
drop function if exists app_hidden.query_signature(tsquery);
drop function if exists app_hidden.rated_text_scan_sql(text, integer, integer, text);
drop function app_hidden.lexeme_signature(text[]);

alter table app_public.contractors
  add column search_head tsvector generated always as (ts_filter(app_hidden.contractor_search_document(
    name, services, marina, city, state, location_text, tagline, about, specialty_slugs), '{a}')) stored;
comment on column app_public.contractors.search_head is 'The A part of the search document (name and specialty tokens): what a text search''s top tier is checked on.';

create index contractors_state_rank_idx on app_public.contractors (state, (coalesce(public_rating, 0)), id)
  include (public_rating, search_head) where is_active;
create index contractors_text_rank_idx on app_public.contractors ((coalesce(public_rating, 0)), id)
  include (public_rating, search_head) where is_active;
create index contractors_state_head_idx on app_public.contractors using gin (state, search_head) where is_active;
