-- Up Migration
-- Text search checks candidates in the index (issue 7, docs/performance.md): each contractor
-- carries a 512-bit signature of its search document's lexemes, included in the rated indexes,
-- so the first step of a text search reads rows in rating order from the index alone and
-- fetches only those rows whose signature holds every word of q. A signature can only say
-- "maybe" (two lexemes may share a bit) or "no", so every candidate is still checked with @@
-- and the results are exactly those of `search @@ q`.

------------------------------------------------------------------------------------------------
-- The search document in one place, for the tsvector and its signature (a generated column
-- cannot read another generated column). Same content and weights as 0002's expression.
create function app_hidden.contractor_document(
  p_name text, p_services text[], p_marina text, p_city text, p_state text, p_location_text text,
  p_tagline text, p_about text
) returns tsvector
  language sql immutable parallel safe
  as $$
    select setweight(to_tsvector('english'::regconfig, p_name), 'A') ||
      setweight(to_tsvector('english'::regconfig,
        app_hidden.join_text(p_services) || ' ' || coalesce(p_marina, '') || ' ' ||
        coalesce(p_city, '') || ' ' || coalesce(p_state, '') || ' ' || coalesce(p_location_text, '')), 'B') ||
      setweight(to_tsvector('english'::regconfig, coalesce(p_tagline, '') || ' ' || coalesce(p_about, '')), 'C')
  $$;
comment on function app_hidden.contractor_document is 'A contractor''s full-text document: name (A); services, marina, location (B); tagline and about (C).';

-- Two bits per lexeme (a Bloom filter), from bits 0-8 and 9-17 of hashtext(lexeme): with one,
-- a word sharing its bit with a word in most documents ("boat") is not filtered at all.
-- hashtext is what hash indexes on text are built with, which pg_upgrade keeps, so it is as
-- stable across versions as they are.
create function app_hidden.lexeme_signature(p_lexemes text[]) returns bit(512)
  language plpgsql immutable parallel safe strict
  as $$
declare
  v_signature bit(512) := repeat('0', 512)::bit(512);
  v_lexeme text;
  v_hash integer;
begin
  foreach v_lexeme in array p_lexemes loop
    v_hash := hashtext(v_lexeme);
    v_signature := set_bit(set_bit(v_signature, v_hash & 511, 1), (v_hash >> 9) & 511, 1);
  end loop;
  return v_signature;
end
$$;
comment on function app_hidden.lexeme_signature(text[]) is 'A 512-bit signature of lexemes: a row whose signature lacks a bit of a word''s signature cannot contain the word.';

-- Lexemes every match of a text query must contain, as a signature: every lexeme of the query
-- when it only joins them with AND and phrase operators (& <-> <N>), which need all their
-- operands; none (zero bits: every row is a candidate) when it has OR, NOT, weights or
-- prefixes, or a backslash (whose escaping in the query text is not undone here).
create function app_hidden.query_signature(p_query tsquery) returns bit(512)
  language sql immutable parallel safe strict
  as $$
    select app_hidden.lexeme_signature(case
      when regexp_replace(p_query::text, $r$'(?:[^']|'')*'$r$, '', 'g') !~ '[|!:]' and strpos(p_query::text, '\') = 0
      then array(select replace(m[1], '''''', '''') from regexp_matches(p_query::text, $r$'((?:[^']|'')*)'$r$, 'g') as m)
      else '{}' end)
  $$;
comment on function app_hidden.query_signature(tsquery) is 'The signature of the lexemes every match of a text query must contain (zero bits when it has OR, NOT, weights or prefixes).';

grant execute on function app_hidden.contractor_document(text, text[], text, text, text, text, text, text),
  app_hidden.lexeme_signature(text[]), app_hidden.query_signature(tsquery) to marine_anonymous;

------------------------------------------------------------------------------------------------
-- The document and its signature, both generated from contractor_document(). Dropping the old
-- column drops its two GIN indexes, rebuilt below.
alter table app_public.contractors drop column search;
alter table app_public.contractors
  add column search tsvector generated always as (app_hidden.contractor_document(
    name, services, marina, city, state, location_text, tagline, about)) stored,
  add column search_signature bit(512) generated always as (app_hidden.lexeme_signature(tsvector_to_array(
    app_hidden.contractor_document(name, services, marina, city, state, location_text, tagline, about)))) stored;
comment on column app_public.contractors.search is 'Full-text document: name (A); services, marina, location (B); tagline and about (C).';
comment on column app_public.contractors.search_signature is 'Signature of the search document''s lexemes (app_hidden.lexeme_signature), checked in the rated indexes before the row is read.';

create index contractors_search_idx on app_public.contractors using gin (search);
create index contractors_state_search_idx on app_public.contractors using gin (state, search) where is_active;
-- Rated order with the signature: the first step of a text search scans these alone.
drop index app_public.contractors_state_rank_idx;
create index contractors_state_rank_idx on app_public.contractors (state, (coalesce(public_rating, 0)), id)
  include (public_rating, search_signature) where is_active;
-- (contractors_rank_idx stays narrow for the box scan, which reads up to 50,000 of its rows.)
create index contractors_text_rank_idx on app_public.contractors ((coalesce(public_rating, 0)), id)
  include (public_rating, search_signature) where is_active;

------------------------------------------------------------------------------------------------
-- The first step of a text search: up to p_rows rows in rated order from the index, those whose
-- signature holds q's ($10), at most p_candidates of them, then the row's own check (@@ $1),
-- in order (a filter, not a join, so no sort: the scan stops at p_limit matches).
create function app_hidden.rated_text_scan_sql(p_filters text, p_rows integer, p_candidates integer, p_limit text)
returns text
  language sql immutable parallel safe
  as $$
    select app_hidden.rated_arrays_sql(format(
      'select k.id, k.score from (select s.id, s.score from ('
      'select c.id, coalesce(c.public_rating, 0) as score, c.search_signature from app_public.contractors c'
      ' where %1$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %2$s) s'
      ' where s.search_signature & $10 = $10 limit %3$s) k'
      ' where (select t.search @@ $1 from app_public.contractors t where t.id = k.id) limit %4$s',
      p_filters, p_rows, p_candidates, p_limit))
  $$;
comment on function app_hidden.rated_text_scan_sql(text, integer, integer, text) is 'SQL text for the first step of a text search (signature checked in the index, then @@ on the row).';

-- As 0008's search_contractors; only its first step (with q) changed: it is the signature scan.
create or replace function app_hidden.search_contractors(
  p_q text, p_specialty text, p_city text, p_state text,
  p_limit integer, p_offset integer default 0,
  p_after_score numeric default null, p_after_id uuid default null
) returns table (contractors json, total integer, total_exact boolean, next json)
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  set jit to off
  set max_parallel_workers_per_gather to 0
  set enable_hashjoin to off
  as $$
declare
  v_cap constant integer := greatest(app_hidden.search_total_cap(), p_offset + p_limit);
  v_query tsquery;
  v_specialty_id uuid;
  v_cities text[];
  v_filters text := 'c.is_active';
  v_text text := '';
  v_where text;
  -- Rows of the state (or of all) read from the index in rated order before the text index is
  -- used instead (~0.3 us each), and how many of them may be read from the table (~2 us each).
  v_rows constant integer := 20000;
  v_candidates constant integer := 2000;
  v_ids uuid[];
  v_scores numeric[];
  v_page text;
begin
  if p_q is not null then
    v_query := websearch_to_tsquery('english', p_q);
    if numnode(v_query) = 0 then
      -- Only stop words or punctuation: nothing can match.
      return query select '[]'::json, 0, true, null::json;
      return;
    end if;
    v_text := ' and c.search @@ $1';
  end if;
  if p_specialty is not null then
    v_specialty_id := app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_filters := v_filters || app_hidden.specialty_predicate(2);
  end if;
  if p_city is not null then
    v_cities := array(select d.city from app_private.directory_cities d
                       where d.city ilike app_hidden.like_pattern(p_city) order by d.city);
  end if;
  if p_state is not null then
    v_filters := v_filters || ' and c.state = upper($4)';
  end if;
  v_where := v_filters || v_text;

  -- counted: the first cap + 1 matches in order (the total, and a first page is a prefix).
  -- With q, the rated order is tried first (the planner misjudges how many rows match several
  -- words); if it holds cap + 1 matches within its budget that is the answer, otherwise the
  -- matches are rare and the planner's plan (the text index, then a sort) reads few rows.
  if p_q is not null and p_city is null then
    execute app_hidden.rated_text_scan_sql(v_filters, v_rows, v_candidates, '$9 + 1')
      into v_ids, v_scores
      using v_query, v_specialty_id, v_cities, p_state, null::numeric, null::uuid, p_limit, p_offset, v_cap,
            app_hidden.query_signature(v_query);
  end if;
  if coalesce(cardinality(v_ids), 0) <= v_cap then
    execute app_hidden.rated_arrays_sql(app_hidden.rated_contractors_sql(v_where, p_city is not null, '', '$9 + 1'))
      into v_ids, v_scores
      using v_query, v_specialty_id, v_cities, p_state, null::numeric, null::uuid, p_limit, p_offset, v_cap;
  end if;

  if p_after_score is null then
    v_page := app_hidden.rated_arrays_page_sql();
  else
    v_page := app_hidden.rated_contractors_sql(v_where, p_city is not null, app_hidden.rated_keyset_sql(), '$7 + 1');
  end if;
  return query execute format('select i.items, least($12, $9), $12 <= $9, i.next from (%s) i',
                              app_hidden.rated_page_sql(v_page))
    using v_query, v_specialty_id, v_cities, p_state, p_after_score, p_after_id, p_limit, p_offset, v_cap,
          v_ids, v_scores, coalesce(cardinality(v_ids), 0);
end
$$;

grant execute on function app_hidden.rated_text_scan_sql(text, integer, integer, text) to marine_anonymous;
