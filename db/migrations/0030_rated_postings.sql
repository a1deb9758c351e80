-- Text search whose work does not grow with the number of matches (issue 23; docs/search.md).
-- The postings are now kept per term and rating band instead of per term and state: for each
-- term, the search_no of the active contractors that have it, one sorted array per public
-- rating (in hundredths: 0-500; unrated is 0). A search walks the bands best first and
-- intersects its units' arrays band by band, so the best-rated matches are found in rank order
-- (band, then search_no, highest first), counts are sums of array lengths, and the walk stops
-- once the page or ranking window is full and the count passes the cap; no contractor row is
-- read but the ones ranked.
--
-- Terms: every lexeme of the search document; 'a:' || lexeme for the lexemes of weight A (the
-- name and specialty tokens: the top tier); both again under the state ('FL:diesel'), which a
-- search within a state reads instead of the nation's postings; 'state:' || state and
-- 'city:' || city (the filters);
-- 'all:' (every active contractor: rated order with no text and no filter). A lexeme holds a ':'
-- only inside a URL or path (after a host name or a '/'), so none is mistaken for these.
-- A rating change moves a contractor between bands: one review rewrites one band row per term
-- of that contractor, and the bands keep each row small.
--
-- This retires what the state postings needed: the state-prefixed lexeme indexes (0021, 0023)
-- and their function, the document and top-tier GIN indexes (every text match now goes through
-- the postings), and the rated index that carried the top tier's document (0020).

drop trigger _610_search_postings_insert on app_public.contractors;
drop trigger _610_search_postings_update on app_public.contractors;
drop trigger _610_search_postings_delete on app_public.contractors;
drop function app_private.tg_contractors__search_postings();
-- One statement trigger keeps both what text search reads of contractors: the postings and the
-- directory's words (typo corrections and completions), which had their own two triggers.
drop trigger _600_search_words_insert on app_public.contractors;
drop trigger _600_search_words_update on app_public.contractors;
drop function if exists app_private.tg_contractors__search_words();
drop function if exists app_private.change_search_postings(text[], text[], integer[], text[], text[], integer[]);
drop function if exists app_private.refresh_search_postings();
drop function if exists app_hidden.state_text_matches(text, tsquery[]);
drop function if exists app_hidden.state_query(text, tsquery);
-- Rated order without q is the same walk with no text unit (search_contractors).
drop function if exists app_hidden.search_rated(text, text, text, integer, integer, numeric, uuid);
drop table app_private.search_postings;

drop index app_public.contractors_state_lexemes_idx;
drop index app_public.contractors_state_head_lexemes_idx;
drop index app_public.contractors_head_idx;
drop index app_public.contractors_search_idx;
drop index app_public.contractors_text_rank_idx;
drop function app_hidden.state_lexemes(text, tsvector);

-- Ranked rows are read by their number.
create unique index contractors_search_no_idx on app_public.contractors (search_no);

create table app_private.search_postings (
  term text collate "C" not null,
  band smallint not null check (band between 0 and 500),
  contractors integer[] not null,
  primary key (term, band)
);
-- Read whole by the search and rewritten by the trigger: no compression to undo on each read.
alter table app_private.search_postings alter column contractors set storage external;
alter table app_private.search_postings enable row level security;
comment on table app_private.search_postings is 'For each search term and public rating band (hundredths): the search_no of the active contractors with that term and rating, sorted.';

-- Set operations over many arrays, for the search's walk: intarray's own C functions (the
-- & and | operators) as aggregates.
create aggregate app_private.intersection(integer[]) (sfunc = extensions._int_inter, stype = integer[]);
create aggregate app_private.union_of(integer[]) (sfunc = extensions._int_union, stype = integer[]);

-- The terms a contractor is posted under. Stored data depends on it (the postings), so it
-- changes only in a migration that rebuilds them. No settings: it and search_band are inlined
-- into the queries that post every contractor (a call per term was most of a rebuild).
create function app_hidden.search_posting_terms(p_search tsvector, p_head tsvector, p_state text, p_city text)
  returns text[]
  language sql immutable parallel safe
  as $$
    select t.words || array(select p_state || ':' || w from unnest(t.words) w where p_state is not null)
           || array_remove(array['state:' || p_state, 'city:' || p_city, 'all:'], null)
      from (select tsvector_to_array(p_search) || array(select 'a:' || l from unnest(tsvector_to_array(p_head)) l) as words) t
  $$;
comment on function app_hidden.search_posting_terms(tsvector, tsvector, text, text) is 'The terms a contractor is posted under in the search postings: its lexemes, its weight-A lexemes (''a:''), both again under its state (''FL:''), its state and city, and ''all:''.';
revoke all on function app_hidden.search_posting_terms(tsvector, tsvector, text, text) from public;
grant execute on function app_hidden.search_posting_terms(tsvector, tsvector, text, text) to marine_anonymous;

create function app_hidden.search_band(p_public_rating numeric)
  returns smallint
  language sql immutable parallel safe
  as $$ select (coalesce(p_public_rating, 0) * 100)::smallint $$;
comment on function app_hidden.search_band(numeric) is 'The search postings'' rating band of a public rating: hundredths, unrated 0.';
revoke all on function app_hidden.search_band(numeric) from public;
grant execute on function app_hidden.search_band(numeric) to marine_anonymous;

-- The triggers' function is defined in db/functions (applied after the migrations); until then a
-- write to contractors is refused rather than left out of the postings.
create function app_private.tg_contractors__search() returns trigger
  language plpgsql
  as $$ begin raise exception 'app_private.tg_contractors__search: apply db/functions first'; end $$;
create trigger _610_search_insert after insert on app_public.contractors
  referencing new table as new_rows for each statement execute function app_private.tg_contractors__search();
create trigger _610_search_update after update on app_public.contractors
  referencing old table as old_rows new table as new_rows for each statement execute function app_private.tg_contractors__search();
create trigger _610_search_delete after delete on app_public.contractors
  referencing old table as old_rows for each statement execute function app_private.tg_contractors__search();

-- The postings of the contractors already there (what app_private.refresh_search_postings does).
insert into app_private.search_postings (term, band, contractors)
select t, app_hidden.search_band(c.public_rating), extensions.sort(array_agg(c.search_no))
  from app_public.contractors c, unnest(app_hidden.search_posting_terms(c.search, c.search_head, c.state, c.city)) t
 where c.is_active
 group by 1, 2;
