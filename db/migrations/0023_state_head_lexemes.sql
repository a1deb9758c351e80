-- The top tier of a text search within a state, when it is too sparse to meet in rated order
-- (search_contractors first looks at the state's 2,000 best rated), is found through an index
-- of the head's state-prefixed lexemes, for the reason 0021 gave for the whole document: the
-- GIN index on (state, search_head) intersected the state's posting list on each query (7.6 of
-- 12 ms for "marine air" in Florida at 1,000,000 contractors). The head is all weight A, so a
-- weightless index answers its A-weighted queries exactly. Without a state, the head's own GIN
-- index serves. The postings' arrays are stored uncompressed: pglz gives up on sorted integers
-- (Florida's 'marin' at 1,000,000: 448,744 bytes either way), after trying on every write.
drop index app_public.contractors_state_head_idx;
create index contractors_state_head_lexemes_idx on app_public.contractors
  using gin (app_hidden.state_lexemes(state, search_head)) where is_active;
create index contractors_head_idx on app_public.contractors using gin (search_head) where is_active;

alter table app_private.search_postings alter column contractors set storage external;
update app_private.search_postings set contractors = contractors || '{}'::integer[];
