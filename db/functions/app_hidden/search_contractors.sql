-- Contractor search (GET /api/v1/public/contractors/search; docs/decisions.md "Relevance").
-- First the place stage (search_place): a state or city named in q becomes a filter and leaves
-- q (reported as place). Without q it is search_rated's rated order; a q of stop words or punctuation only matches
-- nothing.
-- With q: each unit of q (search_terms) that matches nothing under the filters is ignored; the
-- rest must all match, or, when no contractor matches them all, any of them (soft matching).
-- Matches are ranked by the key [exact name, units matched, -units matched only through a
-- correction, field score, public rating] (then id), where a unit scores 3 in the name or as a
-- specialty, 2 in services or location, 1 elsewhere or through a brand; sort=rating ranks by
-- [public rating] alone. Matches are counted up to search_total_cap() + 1; the best rated
-- search_rank_window() of them are ranked. The page after (p_after_key, p_after_id), or from
-- p_offset.
CREATE OR REPLACE FUNCTION app_hidden.search_contractors(p_q text, p_specialty text, p_city text, p_state text, p_sort text, p_limit integer, p_offset integer DEFAULT 0, p_after_key numeric[] DEFAULT NULL::numeric[], p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, total integer, total_exact boolean, next json, ignored_words text[], corrections json, place json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
declare
  v_cap constant integer := app_hidden.search_total_cap();
  v_bound constant integer := app_hidden.search_unit_bound();
  v_terms record;
  v_cities text[];
  v_filters text := 'c.is_active';
  v_rated_filters text;
  v_unit_counts integer[];   -- from the search postings, when they can say
  v_all_count integer;
  v_any_count integer;
  v_keep boolean[] := '{}';
  v_found boolean;
  v_all tsquery;
  v_any tsquery;
  v_query tsquery;
  v_ignored text[] := '{}';
  v_i integer;
  v_units integer := 0;
  v_top tsquery;
  v_total integer;
  v_ids uuid[];
  v_scores numeric[];
  v_need integer := p_offset + p_limit + 1;
  v_match text := 'c.search @@ $1';  -- a tsquery ($1) matching a contractor
  v_matches_any text;   -- whether a tsquery ($1) matches a contractor under the filters
  v_place json;
begin
  if p_sort not in ('relevance', 'rating') then
    raise exception 'Unknown sort %', p_sort using errcode = '22023';
  end if;
  if p_q is not null then
    select w.q, w.city, w.state, w.place into p_q, p_city, p_state, v_place from app_hidden.search_place(p_q, p_city, p_state) w;
  end if;
  if p_q is null then
    return query select r.contractors, r.total, r.total_exact,
                        case when r.next is not null then json_build_object('key', json_build_array(r.next->'score'), 'id', r.next->'id') end,
                        '{}'::text[], '[]'::json, v_place
                   from app_hidden.search_rated(p_specialty, p_city, p_state, p_limit, p_offset, p_after_key[1], p_after_id) r;
    return;
  end if;
  v_terms := app_hidden.search_terms(p_q);
  -- The word bound: units after the first search_unit_bound() are not matched, and said to be.
  if cardinality(v_terms.typed) > v_bound then
    v_ignored := v_terms.typed[v_bound + 1:];
    v_terms.typed := v_terms.typed[1:v_bound];
    v_terms.q1 := v_terms.q1[1:v_bound];
    v_terms.qe := v_terms.qe[1:v_bound];
    v_terms.q2 := v_terms.q2[1:v_bound];
    v_terms.q3 := v_terms.q3[1:v_bound];
    v_terms.qa := v_terms.qa[1:v_bound];
  end if;
  if cardinality(v_terms.typed) = 0 then
    return query select '[]'::json, 0, true, null::json, '{}'::text[], v_terms.corrections, v_place;
    return;
  end if;

  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_filters := v_filters || app_hidden.specialty_predicate(2);
  end if;
  if p_city is not null then
    v_cities := array(select d.city from app_private.directory_cities d where d.city ilike app_hidden.like_pattern(p_city));
  end if;
  -- The rated scans filter on the state and take the city list apart (one index-ordered scan per
  -- name); text matches within a state go through the index of state-prefixed lexemes (0021),
  -- which holds the state.
  v_rated_filters := v_filters;
  if p_state is not null then
    v_rated_filters := v_rated_filters || ' and c.state = upper($4)';
    v_match := 'app_hidden.state_lexemes(c.state, c.search) @@ app_hidden.state_query($4, $1)';
  end if;
  if p_city is not null then
    v_filters := v_filters || ' and c.city = any($3)';
  end if;

  -- Within a state (and no other filter), what each unit matches and the totals come from the
  -- search postings without reading a row (state_text_matches); otherwise from the text index.
  if p_state is not null and p_city is null and p_specialty is null then
    select m.unit_counts, m.all_count, m.any_count into v_unit_counts, v_all_count, v_any_count from app_hidden.state_text_matches(p_state, v_terms.q1) m;
  end if;
  v_matches_any := format('select exists (select from app_public.contractors c where %s and %s)', v_filters, v_match);
  for v_i in 1..cardinality(v_terms.typed) loop
    if v_unit_counts is not null then
      v_found := v_unit_counts[v_i] > 0;
    else
      execute v_matches_any
        into v_found using v_terms.q1[v_i], p_specialty, v_cities, p_state;
    end if;
    v_keep := v_keep || v_found;
    if v_found then
      v_units := v_units + 1;
      v_top := case when v_top is null then v_terms.qa[v_i] else v_top && v_terms.qa[v_i] end;
      v_all := case when v_all is null then v_terms.q1[v_i] else v_all && v_terms.q1[v_i] end;
      v_any := case when v_any is null then v_terms.q1[v_i] else v_any || v_terms.q1[v_i] end;
    else
      v_ignored := v_ignored || v_terms.typed[v_i];
    end if;
  end loop;
  if v_all is null then
    return query select '[]'::json, 0, true, null::json, v_ignored, v_terms.corrections, v_place;
    return;
  end if;
  v_query := v_all;
  if v_unit_counts is not null then
    if v_all_count = 0 then
      v_query := v_any;
    end if;
    v_total := least(case when v_all_count > 0 then v_all_count else v_any_count end, v_cap + 1);
  else
    if v_all::text <> v_any::text then
      execute v_matches_any
        into v_found using v_all, p_specialty, v_cities, p_state;
      if not v_found then
        v_query := v_any;
      end if;
    end if;
    -- The total: the matches counted through the text index, up to the cap + 1 (each one a row
    -- read: docs/performance.md).
    execute format('select count(*) from (select from app_public.contractors c where %s and %s limit $5 + 1) m', v_filters, v_match)
      into v_total using v_query, p_specialty, v_cities, p_state, v_cap;
  end if;

  -- The top tier: rows matching every unit exactly in the name or as a specialty (search_terms'
  -- qa) all have the key [0, units, 0, 3 * units, rating], the best but for an exact name. When
  -- the best rated of them fill the page, that is the page, and nothing is scored. They are
  -- checked on search_head, which the rated indexes hold (no row read): first among the 5,000
  -- best rated under the filters, then, for a tier too sparse to fill the page there, through
  -- the head's index (state-prefixed within a state: 0023).
  if p_sort = 'relevance' and v_query::text = v_all::text
     and (p_after_key is null or p_after_key[1:4] = array[0, v_units, 0, 3 * v_units]::numeric[])
     and not exists (select from app_public.contractors c
                      where c.is_active and app_hidden.name_key(c.name) = app_hidden.name_key(p_q)) then
    if p_city is null then
      execute app_hidden.rated_scan_sql(v_rated_filters || app_hidden.rated_keyset_sql(), 'c.search_head',
                                        'c.search_head @@ $1', 5000, v_need::text)
        into v_ids, v_scores
        using v_top, p_specialty, v_cities, p_state, p_after_key[5], p_after_id;
    end if;
    if coalesce(cardinality(v_ids), 0) < v_need then
      execute app_hidden.rated_arrays_sql(app_hidden.rated_contractors_sql(
                v_rated_filters || ' and c.search_head @@ $1' || case when p_state is null then ''
                  else ' and app_hidden.state_lexemes(c.state, c.search_head) @@ app_hidden.state_query($4, $1)' end,
                p_city is not null, app_hidden.rated_keyset_sql(), v_need::text))
        into v_ids, v_scores
        using v_top, p_specialty, v_cities, p_state, p_after_key[5], p_after_id;
    end if;
    if coalesce(cardinality(v_ids), 0) >= v_need then
      return query
        select (select json_agg(app_hidden.contractor_list_item(c) order by p.n)
                  from unnest(v_ids[p_offset + 1:p_offset + p_limit]) with ordinality as p(id, n)
                  join app_public.contractors c on c.id = p.id),
               least(v_total, v_cap), v_total <= v_cap,
               json_build_object('key', array[0, v_units, 0, 3 * v_units, v_scores[p_offset + p_limit]], 'id', v_ids[p_offset + p_limit]),
               v_ignored, v_terms.corrections, v_place;
      return;
    end if;
  end if;

  return query execute format($sql$
    with candidates as materialized (
      -- The best-rated matches, at most the ranking window: their ids and ratings first (the
      -- text index, then a top-N sort; "+ 0" keeps the planner off the rated index, which would
      -- read every row's document to find them), then each document read once (|| detoasts it).
      select c.id, c.search || ''::tsvector as search, w.rating, app_hidden.name_key(c.name) = $9 as exact_name
        from (select c.id, coalesce(c.public_rating, 0) as rating
                from app_public.contractors c
               where %s and %s
               order by coalesce(c.public_rating, 0) + 0 desc, c.id desc
               limit $10) w
        join app_public.contractors c on c.id = w.id
    ), ranked as (
      select k.id, case when $15 = 'rating' then array[k.rating]
                        else array[k.exact_name::int, s.matched, -s.corrected, s.field, k.rating] end as key
        from candidates k cross join lateral (
          select count(*) filter (where u.score > 0) as matched,
                 count(*) filter (where u.score > 0 and not k.search @@ ($6)[u.i]) as corrected,
                 coalesce(sum(u.score), 0) as field
            from (select i, case when k.search @@ ($8)[i] then 3 when k.search @@ ($7)[i] then 2
                                 when k.search @@ ($5)[i] then 1 else 0 end as score
                    from generate_subscripts($5, 1) i where ($16)[i]) u) s
    ), page as (
      select r.id, r.key, row_number() over (order by r.key desc, r.id desc) as n
        from ranked r
       where $11::numeric[] is null or (r.key, r.id) < ($11, $12)
       order by r.key desc, r.id desc
       limit $13 + 1 offset $14
    )
    select coalesce(json_agg(app_hidden.contractor_list_item(c) order by p.n) filter (where p.n <= $13), '[]'),
           least($21, $22)::int,
           $21 <= $22,
           case when count(*) > $13 then (array_agg(json_build_object('key', p.key, 'id', p.id)) filter (where p.n = $13))[1] end,
           $17::text[] || case when $1::text = $18::text then '{}'::text[] else array(
             select t.w from unnest($19::text[], $5, $16) as t(w, q, kept)
              where t.kept and not exists (select from page f join app_public.contractors fc on fc.id = f.id
                                           where f.n = 1 and fc.search @@ t.q)) end,
           $20::json,
           $23::json
      from page p join app_public.contractors c on c.id = p.id
  $sql$, v_filters, v_match)
  using v_query, p_specialty, v_cities, p_state, v_terms.q1, v_terms.qe, v_terms.q2, v_terms.q3,
        app_hidden.name_key(p_q), app_hidden.search_rank_window(), p_after_key, p_after_id, p_limit, p_offset, p_sort, v_keep,
        v_ignored, v_all, v_terms.typed, v_terms.corrections, v_total, v_cap, v_place;
end
$function$;
comment on function app_hidden.search_contractors(text,text,text,text,text,integer,integer,numeric[],uuid) is 'Contractor search by text (most relevant first, or by rating), specialty, city and state; see GET /api/v1/public/contractors/search.';
revoke all on function app_hidden.search_contractors(text,text,text,text,text,integer,integer,numeric[],uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_contractors(text,text,text,text,text,integer,integer,numeric[],uuid) to marine_anonymous;
