-- Up Migration
-- Searches whose work does not grow with the directory (issue 7, docs/decisions.md "Bounded
-- search"): every search is ordered by public rating, which an index delivers together with
-- its equality filter (state, city, or none); `pagination.total` is counted up to a cap; the
-- city filter matches distinct city names first and then uses equality. Each search returns
-- its page as a separate column so the API can pass the items' JSON text through unparsed.

------------------------------------------------------------------------------------------------
-- Distinct city names of active contractors, kept by a trigger: a partial match (ILIKE) is
-- checked against these few names instead of against every contractor.
create table app_private.directory_cities (
  city text primary key,
  active_contractors integer not null check (active_contractors > 0)
);
alter table app_private.directory_cities enable row level security;
comment on table app_private.directory_cities is 'Distinct city names of active contractors (for the search''s city filter).';

create function app_private.add_directory_city(p_city text, p_delta integer) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    with bumped as (
      insert into app_private.directory_cities as d (city, active_contractors)
      select p_city, p_delta where p_city is not null and p_delta > 0
      on conflict (city) do update set active_contractors = d.active_contractors + excluded.active_contractors
      returning 1
    ), lowered as (
      update app_private.directory_cities set active_contractors = active_contractors + p_delta
       where city = p_city and p_delta < 0 and active_contractors + p_delta > 0
      returning 1
    )
    delete from app_private.directory_cities
     where city = p_city and p_delta < 0 and active_contractors + p_delta <= 0
  $$;

create function app_private.tg_contractors__directory_cities() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.is_active then
    perform app_private.add_directory_city(old.city, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.is_active then
    perform app_private.add_directory_city(new.city, 1);
  end if;
  return null;
end
$$;
create trigger _500_directory_cities after insert or delete or update of city, is_active on app_public.contractors
  for each row execute function app_private.tg_contractors__directory_cities();

-- recount_directory() (after bulk loads with triggers off) now also rebuilds the city list.
alter function app_private.recount_directory() rename to recount_ratings_and_specialties;
create function app_private.recount_directory() returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    select app_private.recount_ratings_and_specialties();
    delete from app_private.directory_cities;
    insert into app_private.directory_cities (city, active_contractors)
    select city, count(*) from app_public.contractors where is_active and city is not null group by city;
  $$;
comment on function app_private.recount_directory() is 'Recomputes every derived count (ratings, specialty counts, city list) after a bulk load.';
select app_private.recount_directory();

------------------------------------------------------------------------------------------------
-- Public-rating order behind an equality filter. The included columns let the keyset and the
-- box be checked without reading the row (index-only scans).
drop index app_public.contractors_rank_idx;
create index contractors_rank_idx on app_public.contractors ((coalesce(public_rating, 0)), id)
  include (public_rating, latitude, longitude) where is_active;
create index contractors_state_rank_idx on app_public.contractors (state, (coalesce(public_rating, 0)), id)
  include (public_rating) where is_active;
create index contractors_city_rank_idx on app_public.contractors (city, (coalesce(public_rating, 0)), id)
  include (public_rating) where is_active;
-- When the text matches few rows, their state is checked inside the text index (btree_gin):
-- combined with the state index instead, a big state's bitmap grew lossy and every match was
-- read twice (85 ms at 1,000,000 contractors).
create extension if not exists btree_gin with schema extensions;
create index contractors_state_search_idx on app_public.contractors using gin (state, search) where is_active;
-- (contractors_city_trgm_idx stays: staff GraphQL filters by city through it.)

------------------------------------------------------------------------------------------------
-- The best-rated active contractors matching a filter, as SQL text selecting (id, score) in
-- (score desc, id desc) order: at most p_limit rows, after the keyset when p_keyset. With a city
-- list ($3) it is one index-ordered scan per city name, merged.
create function app_hidden.rated_contractors_sql(p_where text, p_by_city boolean, p_keyset text, p_limit text)
returns text
  language sql immutable parallel safe
  as $$
    select case when p_by_city then format(
      'select r.id, r.score from unnest($3::text[]) as m(city) cross join lateral ('
      'select c.id, coalesce(c.public_rating, 0) as score from app_public.contractors c'
      ' where c.city = m.city and %1$s%2$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %3$s) r'
      ' order by r.score desc, r.id desc limit %3$s', p_where, p_keyset, p_limit)
    else format(
      'select c.id, coalesce(c.public_rating, 0) as score from app_public.contractors c'
      ' where %1$s%2$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %3$s', p_where, p_keyset, p_limit)
    end
  $$;
comment on function app_hidden.rated_contractors_sql(text, boolean, text, text) is 'SQL text for the best-rated contractors matching a filter (the searches'' shared query shape).';

-- A page of (id, score) rows as a statement selecting the response's items, in order, and the
-- next keyset (the row before the extra one that says there is a next page).
create function app_hidden.rated_page_sql(p_page text) returns text
  language sql immutable parallel safe
  as $$
    select format(
      'with numbered as (select c, p.score, row_number() over (order by p.score desc, p.id desc) as n'
      ' from (%s) p join app_public.contractors c on c.id = p.id)'
      ' select coalesce(json_agg(app_hidden.contractor_list_item(c) order by n) filter (where n <= $7), ''[]'') as items,'
      ' case when count(*) > $7 then'
      ' (array_agg(json_build_object(''score'', score, ''id'', (c).id)) filter (where n = $7))[1] end as next'
      ' from numbered', p_page)
  $$;
comment on function app_hidden.rated_page_sql(text) is 'SQL text turning ordered (id, score) rows into list items and the next keyset.';

-- The keyset condition of the rated order: rows after (score $5, id $6).
create function app_hidden.rated_keyset_sql() returns text
  language sql immutable parallel safe
  as $$ select ' and ($5::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($5, $6))' $$;
comment on function app_hidden.rated_keyset_sql() is 'The keyset condition of the public-rating order, as SQL text.';

-- The (id, score) rows of a rated query as two arrays in order: what the searches keep between
-- their steps.
create function app_hidden.rated_arrays_sql(p_rows text) returns text
  language sql immutable parallel safe
  as $$
    select format('select array_agg(id order by score desc, id desc), array_agg(score order by score desc, id desc)'
                  ' from (%s) m', p_rows)
  $$;
comment on function app_hidden.rated_arrays_sql(text) is 'SQL text collecting ordered (id, score) rows into two arrays.';

-- The first rows in rated order that pass p_check, looking at no more than p_budget rows that
-- pass p_filters: a scan that stops at the page whether the directory holds 10,000 or
-- 1,000,000 contractors. Fewer than p_limit rows back means: look with an index instead.
create function app_hidden.rated_scan_sql(p_filters text, p_columns text, p_check text, p_budget integer, p_limit text)
returns text
  language sql immutable parallel safe
  as $$
    select app_hidden.rated_arrays_sql(format(
      'select id, score from (select c.id, coalesce(c.public_rating, 0) as score, %2$s'
      ' from app_public.contractors c where %1$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %4$s) c'
      ' where %3$s limit %5$s', p_filters, p_columns, p_check, p_budget, p_limit))
  $$;
comment on function app_hidden.rated_scan_sql(text, text, text, integer, text) is 'SQL text for a budgeted scan in rated order (see the searches).';

-- The page after the first step: rows $10 (ids) and $11 (scores), from offset $8.
create function app_hidden.rated_arrays_page_sql() returns text
  language sql immutable parallel safe
  as $$
    select 'select m.id, m.score from unnest($10::uuid[], $11::numeric[]) with ordinality as m(id, score, n)'
           ' order by m.n limit $7 + 1 offset $8'
  $$;
comment on function app_hidden.rated_arrays_page_sql() is 'SQL text paging the (id, score) arrays of a search''s first step.';

------------------------------------------------------------------------------------------------
-- Text and filter search, best public rating first, ties by id descending; q, specialty, city
-- and state filter. total counts matches up to app_hidden.search_total_cap() (60: every page
-- number of Variant B) or to the end of the requested page if further, and says whether it is
-- exact. p_offset serves page numbers; p_after_* serves cursors.
create function app_hidden.search_total_cap() returns integer
  language sql immutable parallel safe
  as $$ select 60 $$;
comment on function app_hidden.search_total_cap() is 'Search totals are exact up to this many matches, or to the end of the requested page (docs/decisions.md).';

drop function app_hidden.search_contractors(text, text, text, text, integer, integer, numeric, uuid);
create function app_hidden.search_contractors(
  p_q text, p_specialty text, p_city text, p_state text,
  p_limit integer, p_offset integer default 0,
  p_after_score numeric default null, p_after_id uuid default null
) returns table (contractors json, total integer, total_exact boolean, next json)
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  -- PostGIS functions carry high planner costs; JIT then compiles for 100-300 ms per query.
  set jit to off
  -- A parallel plan costs more to start (about 20 ms) than these bounded scans take, and a hash
  -- join reads every link row of a specialty where probing the page's candidates is enough.
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
  -- Rows of the state (or of all) checked in order before the text index is used instead.
  v_budget constant integer := 6000;
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
  -- With q, the planner misjudges how many rows match several words (it multiplies the words'
  -- frequencies), so the order is tried first: the best-rated v_budget rows of the state (or of
  -- all) are checked against q. If they hold cap + 1 matches that is the answer; otherwise the
  -- matches are rare, and the planner's plan (the text index, then a sort) reads few rows.
  if p_q is not null and p_city is null then
    execute app_hidden.rated_scan_sql(v_filters, 'c.search', 'c.search @@ $1', v_budget, '$9 + 1')
      into v_ids, v_scores
      using v_query, v_specialty_id, v_cities, p_state, null::numeric, null::uuid, p_limit, p_offset, v_cap;
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
comment on function app_hidden.search_contractors is 'Contractor search by text, specialty, city and state, best rated first; see GET /api/v1/public/contractors/search.';

------------------------------------------------------------------------------------------------
-- Bounding-box search: contractors whose position lies inside the longitude/latitude
-- rectangle (edges included), best public rating first. The planner picks between the GiST
-- index and a sort (few contractors in the box) and the rating index read in order until the
-- page is full (many).
drop function app_hidden.geo_search_box(double precision, double precision, double precision, double precision, text, numeric, integer, numeric, uuid);
create function app_hidden.geo_search_box(
  p_min_lat double precision, p_max_lat double precision,
  p_min_lng double precision, p_max_lng double precision,
  p_specialty text, p_min_rating numeric, p_limit integer,
  p_after_score numeric default null, p_after_id uuid default null
) returns table (contractors json, next json)
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  set jit to off
  set max_parallel_workers_per_gather to 0
  as $$
declare
  v_specialty_id uuid;
  v_filters text := 'c.is_active';
  -- Edges included; latitude and longitude are the point's own coordinates, so this is exact.
  v_in_box constant text := 'c.latitude between $1 and $2 and c.longitude between $10 and $11';
  -- Rows checked in rated order (from the index alone) before the GiST index is used instead.
  v_budget constant integer := 50000;
  v_ids uuid[];
  v_scores numeric[];
begin
  if p_specialty is not null then
    v_specialty_id := app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_filters := v_filters || app_hidden.specialty_predicate(3);
  end if;
  if p_min_rating is not null then
    v_filters := v_filters || ' and c.public_rating >= $4';
  end if;
  v_filters := v_filters || app_hidden.rated_keyset_sql();
  -- Parameters as in search_contractors where they mean the same ($3 specialty, $5/$6 keyset,
  -- $7 limit, $8 offset), so the shared query shapes apply. A box holding many contractors
  -- fills its page within the first rows in rated order; one holding few is read through the
  -- GiST index (&& there finds candidates on float4-rounded boxes; the ranges make it exact)
  -- and sorted.
  execute app_hidden.rated_scan_sql(v_filters, 'c.latitude, c.longitude', v_in_box, v_budget, '$7 + 1')
    into v_ids, v_scores
    using p_min_lat, p_max_lat, v_specialty_id, p_min_rating, p_after_score, p_after_id, p_limit, 0,
          null::integer, p_min_lng, p_max_lng;
  if coalesce(cardinality(v_ids), 0) <= p_limit then
    execute app_hidden.rated_arrays_sql(app_hidden.rated_contractors_sql(
        v_filters || ' and c.geog::geometry && st_makeenvelope($10, $1, $11, $2, 4326) and ' || v_in_box, false, '', '$7 + 1'))
      into v_ids, v_scores
      using p_min_lat, p_max_lat, v_specialty_id, p_min_rating, p_after_score, p_after_id, p_limit, 0,
            null::integer, p_min_lng, p_max_lng;
  end if;
  return query execute app_hidden.rated_page_sql(app_hidden.rated_arrays_page_sql())
    using p_min_lat, p_max_lat, v_specialty_id, p_min_rating, p_after_score, p_after_id, p_limit, 0,
          null::integer, v_ids, v_scores;
end
$$;
comment on function app_hidden.geo_search_box is 'Contractors inside a latitude/longitude box, best rated first; see GET /api/v1/public/contractors/geo-search.';

------------------------------------------------------------------------------------------------
-- Radius search as before (0003), returning its page as a separate column.
drop function app_hidden.geo_search_point(double precision, double precision, double precision, text, numeric, integer, double precision, uuid);
create function app_hidden.geo_search_point(
  p_lat double precision, p_lng double precision, p_radius_miles double precision,
  p_specialty text, p_min_rating numeric, p_limit integer,
  p_after_distance double precision default null, p_after_id uuid default null
) returns table (contractors json, next json)
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  set jit to off
  set enable_bitmapscan to off
  as $$
declare
  v_point geography := st_setsrid(st_makepoint(p_lng, p_lat), 4326)::geography;
  v_specialty_id uuid;
  v_where text := 'c.is_active and st_dwithin(c.geog, $1, $2, false)';
begin
  if p_specialty is not null then
    v_specialty_id := app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_where := v_where || app_hidden.specialty_predicate(3);
  end if;
  if p_min_rating is not null then
    v_where := v_where || ' and c.public_rating >= $4';
  end if;
  -- (1) the nearest $7 + 1 rows after the cursor, in index order, give the distance D this page
  -- reaches; (2) exactly the rows up to D, ties included, sorted by (distance, id).
  return query execute format($q$
    with bound as (
      select max(distance) as d from (
        select c.geog <-> $1 as distance
          from app_public.contractors c
         where %1$s and ($5::float8 is null or c.geog <-> $1 > $5 or (c.geog <-> $1 = $5 and c.id > $6))
         order by c.geog <-> $1
         limit $7 + 1) nearest
    ), page as (
      select c, c.geog <-> $1 as distance
        from app_public.contractors c, bound
       where %1$s and st_dwithin(c.geog, $1, bound.d + 1, false) and c.geog <-> $1 <= bound.d
         and ($5::float8 is null or (c.geog <-> $1, c.id) > ($5, $6))
       order by c.geog <-> $1, c.id
       limit $7 + 1
    ), numbered as (
      select c, distance, row_number() over (order by distance, (c).id) as n from page
    )
    -- distanceMiles goes first; splicing the text keeps the item's field order (jsonb would not).
    select coalesce(json_agg(
             ('{"distanceMiles":' || round((distance / 1609.344)::numeric, 3) || ','
               || substr(app_hidden.contractor_list_item(c)::text, 2))::json
             order by n) filter (where n <= $7), '[]'),
           case when count(*) > $7 then
             (array_agg(json_build_object('distance', distance, 'id', (c).id)) filter (where n = $7))[1]
           end
      from numbered
  $q$, v_where)
    using v_point, app_hidden.miles_to_meters(p_radius_miles), v_specialty_id, p_min_rating,
          p_after_distance, p_after_id, p_limit;
end
$$;
comment on function app_hidden.geo_search_point is 'Contractors within a radius of a point, nearest first; see GET /api/v1/public/contractors/geo-search.';

grant execute on function
  app_hidden.search_contractors(text, text, text, text, integer, integer, numeric, uuid),
  app_hidden.geo_search_point(double precision, double precision, double precision, text, numeric, integer, double precision, uuid),
  app_hidden.geo_search_box(double precision, double precision, double precision, double precision, text, numeric, integer, numeric, uuid),
  app_hidden.rated_contractors_sql(text, boolean, text, text), app_hidden.rated_page_sql(text),
  app_hidden.rated_keyset_sql(), app_hidden.search_total_cap(), app_hidden.rated_arrays_sql(text),
  app_hidden.rated_scan_sql(text, text, text, integer, text), app_hidden.rated_arrays_page_sql()
  to marine_anonymous;
