-- Up Migration
-- Type-ahead picks the best rated among the first 200 names with a prefix: with the id and the
-- rating in the name-key index, that choice is an index-only scan and only the chosen few rows
-- are read (issue 16).
drop index app_public.contractors_name_key_idx;
create index contractors_name_key_idx on app_public.contractors (app_hidden.name_key(name) text_pattern_ops)
  include (public_rating, id) where is_active;
