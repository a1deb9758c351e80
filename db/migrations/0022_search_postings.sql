-- Exact totals of text searches within a state without reading their rows (issue 16: totals
-- exact up to 10,000). Counting through a GIN index reads every match's heap row (PostgreSQL 15
-- no longer skips all-visible pages in bitmap scans): at 1,000,000 contractors, 10,001 rows,
-- about 20 ms of a 30 ms search for 'diesel' in Florida, against 3 ms for the whole search at
-- 10,000. search_postings is an inverted index of the state's active contractors by lexeme,
-- as sorted arrays of a small contractor number, combined with intarray's C set operators:
-- a unit's alternatives are a union, its words an intersection, and the count a cardinality,
-- whatever the number of matches. Kept by a statement trigger on contractors
-- (tg_contractors__search_postings) and rebuilt by recount_directory after a bulk load.
create extension if not exists intarray with schema extensions;

alter table app_public.contractors add column search_no integer generated always as identity;
comment on column app_public.contractors.search_no is 'A small number for the contractor in the search postings (app_private.search_postings).';

create table app_private.search_postings (
  term text collate "C" not null,
  state text not null,
  contractors integer[] not null,
  primary key (term, state)
);
alter table app_private.search_postings enable row level security;
comment on table app_private.search_postings is 'For each lexeme and state: the search_no of the active contractors there whose search document has it, sorted (exact text-search totals).';

-- The triggers' function is defined in db/functions (applied after the migrations); until then a
-- write to contractors is refused rather than left out of the postings.
create function app_private.tg_contractors__search_postings() returns trigger
  language plpgsql
  as $$ begin raise exception 'app_private.tg_contractors__search_postings: apply db/functions first'; end $$;
create trigger _610_search_postings_insert after insert on app_public.contractors
  referencing new table as new_rows for each statement execute function app_private.tg_contractors__search_postings();
create trigger _610_search_postings_update after update on app_public.contractors
  referencing old table as old_rows new table as new_rows for each statement execute function app_private.tg_contractors__search_postings();
create trigger _610_search_postings_delete after delete on app_public.contractors
  referencing old table as old_rows for each statement execute function app_private.tg_contractors__search_postings();

-- The postings of the contractors already there (what app_private.refresh_search_postings does).
insert into app_private.search_postings (term, state, contractors)
select l, c.state, extensions.sort(array_agg(c.search_no)) from app_public.contractors c, unnest(tsvector_to_array(c.search)) l
 where c.is_active and c.state is not null group by l, c.state;
