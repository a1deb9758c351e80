-- Up Migration
-- The public directory operations. Each returns the JSON the HTTP layer puts in its envelope.
-- Every one filters inactive contractors and unpublished posts itself: admins' policies let them
-- see those rows, and a public operation must not show them to anyone.
--
-- The three searches are security definer. Under row-level security PostgreSQL refuses to use a
-- non-leakproof operator as an index condition ahead of the policy's check, and the operators
-- these searches need indexes for (PostGIS && and <->, full-text @@, ILIKE) are not leakproof:
-- as the caller's role they read every row (500 ms at 100,000 contractors instead of 0.3 ms).
-- They read only public directory data and apply the same visibility rule (is_active) as the
-- policy. The other operations use leakproof equality and stay security invoker.
--
-- Listings are keyset-paged: each page reports the sort key of its last row in "next"
-- ({score, id} or {distance, id} or {publishedAt, id}); the HTTP layer wraps that in an opaque
-- cursor. Sorting is always total (ties broken by id), so no row is skipped or repeated.

-- Timestamps in API output: ISO 8601 in UTC with milliseconds, whatever the session time zone.
create function app_hidden.iso_time(p timestamptz) returns text
  language sql immutable parallel safe
  as $$ select to_char(p at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- Whether text has the shape of a UUID: anything else cannot name a row, so it is "not found"
-- rather than a cast error.
create function app_hidden.is_uuid(p text) returns boolean
  language sql immutable parallel safe
  as $$ select p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' $$;

create function app_hidden.like_pattern(p text) returns text
  language sql immutable parallel safe
  as $$ select '%' || replace(replace(replace(p, '\', '\\'), '%', '\%'), '_', '\_') || '%' $$;

-- The specialty id for a search filter; an unknown slug is the caller's mistake (400).
create function app_hidden.specialty_id_for_filter(p_slug text, p_parameter text) returns uuid
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_id uuid;
begin
  select id into v_id from app_public.specialties where slug = p_slug;
  if v_id is null then
    raise exception 'Unknown specialty: %', p_slug
      using errcode = 'INVAL',
            detail = format('%s: no specialty has this slug (see GET /api/v1/public/contractors/specialties)', p_parameter);
  end if;
  return v_id;
end
$$;

-- The specialty filter as a predicate on contractors c, with the specialty id in parameter $n:
-- one definition for every search that filters by specialty.
create function app_hidden.specialty_predicate(p_parameter integer) returns text
  language sql immutable parallel safe
  as $$
    select format(' and exists (select 1 from app_public.contractor_specialties cs'
                  ' where cs.contractor_id = c.id and cs.specialty_id = $%s)', p_parameter)
  $$;

------------------------------------------------------------------------------------------------
-- One contractor as a list item: every field of both variants (DESIGN.md). Variant A's
-- `specialties` are slugs and `website`; Variant B's `specialities` are objects and `websiteUrl`.
create function app_hidden.contractor_list_item(c app_public.contractors) returns json
  language sql stable
  as $$
    select json_build_object(
      'id', c.id, 'slug', c.slug, 'name', c.name,
      'tagline', c.tagline,
      'city', c.city, 'state', c.state,
      'location', c.location_text,
      'geocodedCity', c.geocoded_city, 'geocodedState', c.geocoded_state,
      'latitude', c.latitude, 'longitude', c.longitude,
      'specialties', coalesce(s.slugs, '[]'),
      'specialities', coalesce(s.objects, '[]'),
      'rating', c.rating, 'reviewCount', c.review_count,
      'googleRating', c.google_rating, 'googleReviewCount', c.google_review_count,
      'isVerified', c.is_verified, 'isClaimed', c.is_claimed,
      'avatarUrl', c.avatar_url,
      'phone', c.phone, 'email', c.email,
      'website', c.website_url, 'websiteUrl', c.website_url)
    from (select json_agg(sp.slug order by sp.name, sp.id) as slugs,
                 json_agg(json_build_object('id', sp.id, 'name', sp.name, 'slug', sp.slug) order by sp.name, sp.id) as objects
            from app_public.contractor_specialties cs
            join app_public.specialties sp on sp.id = cs.specialty_id
           where cs.contractor_id = c.id) s
  $$;

------------------------------------------------------------------------------------------------
-- Text and filter search. With q: ranked by relevance; without: by public rating; ties by id,
-- descending. p_offset serves page numbers; p_after_* serves cursors. With q, one scan keeps
-- (id, score) of every match: the count and the top of the order come from it, and only the
-- page's rows are read again, by primary key, to build the items (a count and a ranked page
-- would each visit every match; docs/performance.md).
create function app_hidden.search_contractors(
  p_q text, p_specialty text, p_city text, p_state text,
  p_limit integer, p_offset integer default 0,
  p_after_score numeric default null, p_after_id uuid default null
) returns json
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  -- PostGIS functions carry high planner costs; JIT then compiles for 100-300 ms per query.
  set jit to off
  as $$
declare
  v_query tsquery;
  v_specialty_id uuid;
  v_where text := 'c.is_active';
  v_score text := 'coalesce(c.public_rating, 0)';
  v_total bigint;
  v_rows json;
  v_next json;
begin
  if p_q is not null then
    v_query := websearch_to_tsquery('english', p_q);
    if numnode(v_query) = 0 then
      -- Only stop words or punctuation: nothing can match.
      return json_build_object('contractors', '[]'::json, 'total', 0, 'next', null);
    end if;
    v_where := v_where || ' and c.search @@ $1';
    -- Normalised by document length so long descriptions do not win by sheer size.
    v_score := 'ts_rank(c.search, $1, 1)::numeric';
  end if;
  if p_specialty is not null then
    v_specialty_id := app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_where := v_where || app_hidden.specialty_predicate(2);
  end if;
  if p_city is not null then
    v_where := v_where || ' and c.city ilike app_hidden.like_pattern($3)';
  end if;
  if p_state is not null then
    v_where := v_where || ' and c.state = upper($4)';
  end if;

  if p_q is null then
    -- Ordered by public rating: the rank index delivers the page without reading every match,
    -- so the count stays its own (index-assisted) query.
    execute format('select count(*) from app_public.contractors c where %s', v_where)
      into v_total using v_query, v_specialty_id, p_city, p_state;
    execute format($q$
      with page as (
        select c, %1$s as score
          from app_public.contractors c
         where %2$s and ($5::numeric is null or (%1$s, c.id) < ($5, $6))
         order by %1$s desc, c.id desc
         limit $7 + 1 offset $8
      ), numbered as (
        select c, score, row_number() over (order by score desc, (c).id desc) as n from page
      )
      select json_agg(app_hidden.contractor_list_item(c) order by n) filter (where n <= $7),
             case when count(*) > $7 then
               (array_agg(json_build_object('score', score, 'id', (c).id)) filter (where n = $7))[1]
             end
        from numbered
    $q$, v_score, v_where)
      into v_rows, v_next
      using v_query, v_specialty_id, p_city, p_state, p_after_score, p_after_id, p_limit, p_offset;
  else
    -- Ranked by relevance: every match must be scored anyway, so score once and count that.
    execute format($q$
      with matched as materialized (
        select c.id, %1$s as score from app_public.contractors c where %2$s
      ), page as (
        select id, score from matched
         where $5::numeric is null or (score, id) < ($5, $6)
         order by score desc, id desc
         limit $7 + 1 offset $8
      ), numbered as (
        select c, p.score, row_number() over (order by p.score desc, p.id desc) as n
          from page p join app_public.contractors c on c.id = p.id
      )
      select (select count(*) from matched),
             json_agg(app_hidden.contractor_list_item(c) order by n) filter (where n <= $7),
             case when count(*) > $7 then
               (array_agg(json_build_object('score', score, 'id', (c).id)) filter (where n = $7))[1]
             end
        from numbered
    $q$, v_score, v_where)
      into v_total, v_rows, v_next
      using v_query, v_specialty_id, p_city, p_state, p_after_score, p_after_id, p_limit, p_offset;
  end if;

  return json_build_object('contractors', coalesce(v_rows, '[]'::json), 'total', v_total, 'next', v_next);
end
$$;
comment on function app_hidden.search_contractors is 'Contractor search by text, specialty, city and state; see GET /api/v1/public/contractors/search.';

------------------------------------------------------------------------------------------------
-- Distances are great-circle distances on the mean-radius sphere (what `<->` on geography
-- computes), so the order and the reported distance always agree.
create function app_hidden.miles_to_meters(p double precision) returns double precision
  language sql immutable parallel safe
  as $$ select p * 1609.344 $$;

-- Radius search, nearest first. The GiST index serves both the radius condition and the
-- distance order, so the scan stops after the page (a bitmap scan would read and sort every row
-- in the radius: bitmap scans are switched off for this function, see docs/decisions.md).
create function app_hidden.geo_search_point(
  p_lat double precision, p_lng double precision, p_radius_miles double precision,
  p_specialty text, p_min_rating numeric, p_limit integer,
  p_after_distance double precision default null, p_after_id uuid default null
) returns json
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  -- PostGIS functions carry high planner costs; JIT then compiles for 100-300 ms per query.
  set jit to off
  set enable_bitmapscan to off
  as $$
declare
  v_point geography := st_setsrid(st_makepoint(p_lng, p_lat), 4326)::geography;
  v_specialty_id uuid;
  v_where text := 'c.is_active and st_dwithin(c.geog, $1, $2, false)';
  v_rows json;
  v_next json;
begin
  if p_specialty is not null then
    v_specialty_id := app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_where := v_where || app_hidden.specialty_predicate(3);
  end if;
  if p_min_rating is not null then
    v_where := v_where || ' and c.public_rating >= $4';
  end if;
  -- The order is (distance, id), but an index can only deliver distance order, and a sort on
  -- (distance, id) would sort every row in the radius. So: (1) the nearest $7 + 1 rows after the
  -- cursor, in index order, give the distance D this page reaches; (2) exactly the rows up to D,
  -- ties included, sorted by (distance, id). Both read about a page of rows.
  execute format($q$
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
    select json_agg(
             ('{"distanceMiles":' || round((distance / 1609.344)::numeric, 3) || ','
               || substr(app_hidden.contractor_list_item(c)::text, 2))::json
             order by n) filter (where n <= $7),
           case when count(*) > $7 then
             (array_agg(json_build_object('distance', distance, 'id', (c).id)) filter (where n = $7))[1]
           end
      from numbered
  $q$, v_where)
    into v_rows, v_next
    using v_point, app_hidden.miles_to_meters(p_radius_miles), v_specialty_id, p_min_rating,
          p_after_distance, p_after_id, p_limit;
  return json_build_object('contractors', coalesce(v_rows, '[]'::json), 'next', v_next);
end
$$;
comment on function app_hidden.geo_search_point is 'Contractors within a radius of a point, nearest first; see GET /api/v1/public/contractors/geo-search.';

-- Bounding-box search: contractors whose position lies inside the longitude/latitude
-- rectangle (edges included), best public rating first.
create function app_hidden.geo_search_box(
  p_min_lat double precision, p_max_lat double precision,
  p_min_lng double precision, p_max_lng double precision,
  p_specialty text, p_min_rating numeric, p_limit integer,
  p_after_score numeric default null, p_after_id uuid default null
) returns json
  language plpgsql stable security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  -- PostGIS functions carry high planner costs; JIT then compiles for 100-300 ms per query.
  set jit to off
  as $$
declare
  v_specialty_id uuid;
  -- && finds candidates through the index on float4-rounded boxes; the latitude/longitude
  -- comparison makes the edges exact.
  v_where text := 'c.is_active and c.geog::geometry && st_makeenvelope($3, $1, $4, $2, 4326)'
               || ' and c.latitude between $1 and $2 and c.longitude between $3 and $4';
  v_rows json;
  v_next json;
begin
  if p_specialty is not null then
    v_specialty_id := app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_where := v_where || app_hidden.specialty_predicate(5);
  end if;
  if p_min_rating is not null then
    v_where := v_where || ' and c.public_rating >= $6';
  end if;
  execute format($q$
    with page as (
      select c, coalesce(c.public_rating, 0) as score
        from app_public.contractors c
       where %s and ($7::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($7, $8))
       order by coalesce(c.public_rating, 0) desc, c.id desc
       limit $9 + 1
    ), numbered as (
      select c, score, row_number() over (order by score desc, (c).id desc) as n from page
    )
    select json_agg(app_hidden.contractor_list_item(c) order by n) filter (where n <= $9),
           case when count(*) > $9 then
             (array_agg(json_build_object('score', score, 'id', (c).id)) filter (where n = $9))[1]
           end
      from numbered
  $q$, v_where)
    into v_rows, v_next
    using p_min_lat, p_max_lat, p_min_lng, p_max_lng, v_specialty_id, p_min_rating,
          p_after_score, p_after_id, p_limit;
  return json_build_object('contractors', coalesce(v_rows, '[]'::json), 'next', v_next);
end
$$;
comment on function app_hidden.geo_search_box is 'Contractors inside a latitude/longitude box, best rated first; see GET /api/v1/public/contractors/geo-search.';

------------------------------------------------------------------------------------------------
create function app_hidden.list_specialties() returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('specialties', coalesce(json_agg(json_build_object(
             'id', s.id, 'slug', s.slug, 'name', s.name,
             'label', s.name, 'contractorCount', s.contractor_count) order by s.name, s.id), '[]'))
      from app_public.specialties s
  $$;
comment on function app_hidden.list_specialties is 'Every specialty with both variants'' fields; see GET /api/v1/public/contractors/specialties.';

------------------------------------------------------------------------------------------------
-- The full profile: Variant B's fields plus Variant A's latitude, longitude and website.
create function app_hidden.contractor_profile(c app_public.contractors) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object(
      'id', c.id, 'slug', c.slug, 'name', c.name,
      'about', c.about, 'tagline', c.tagline,
      'phone', c.phone, 'email', c.email,
      'location', c.location_text, 'city', c.city, 'state', c.state,
      'latitude', c.latitude, 'longitude', c.longitude,
      'logoUrl', c.logo_url,
      'website', c.website_url,
      'isVerified', c.is_verified, 'isClaimed', c.is_claimed,
      'rating', c.rating, 'reviewCount', c.review_count,
      'specialties', coalesce((
        select json_agg(json_build_object('id', sp.id, 'name', sp.name, 'slug', sp.slug) order by sp.name, sp.id)
          from app_public.contractor_specialties cs
          join app_public.specialties sp on sp.id = cs.specialty_id
         where cs.contractor_id = c.id), '[]'),
      'photos', c.photos,
      'videos', c.videos,
      -- The 50 newest published reviews; reviewCount has the total.
      'reviews', coalesce((
        select json_agg(json_build_object('id', r.id, 'rating', r.rating, 'review', r.body,
                 'authorName', r.author_name, 'createdAt', app_hidden.iso_time(r.created_at))
                 order by r.created_at desc, r.id desc)
          from (select * from app_public.reviews
                 where contractor_id = c.id and is_published
                 order by created_at desc, id desc limit 50) r), '[]'),
      'badges', to_json(c.badges),
      'social', json_build_object('facebook', c.social_facebook, 'instagram', c.social_instagram,
                                  'linkedin', c.social_linkedin, 'youtube', c.social_youtube),
      'yearEstablished', c.year_established,
      'updatedAt', app_hidden.iso_time(c.updated_at))
  $$;

create function app_hidden.contractor_by_slug(p_slug text) returns json
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_result json;
begin
  select app_hidden.contractor_profile(c) into v_result
    from app_public.contractors c where c.slug = p_slug and c.is_active;
  if v_result is null then
    raise exception 'Contractor not found' using errcode = 'NTFND';
  end if;
  return v_result;
end
$$;
comment on function app_hidden.contractor_by_slug is 'The full profile of an active contractor; see GET /api/v1/public/contractors/{slug}.';

create function app_hidden.contractor_by_id(p_id text) returns json
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_result json;
begin
  -- Anything that is not a UUID cannot name a contractor: the same 404 as an unknown one.
  if app_hidden.is_uuid(p_id) then
    select app_hidden.contractor_profile(c) into v_result
      from app_public.contractors c where c.id = p_id::uuid and c.is_active;
  end if;
  if v_result is null then
    raise exception 'Contractor not found' using errcode = 'NTFND';
  end if;
  return v_result;
end
$$;
comment on function app_hidden.contractor_by_id is 'The full profile of an active contractor; see GET /api/v1/public/contractors/by-id/{id}.';

------------------------------------------------------------------------------------------------
-- Articles and blog posts, newest first.
create function app_hidden.list_posts(
  p_kind text, p_limit integer,
  p_after_published_at timestamptz default null, p_after_id uuid default null
) returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    with page as (
      select p.*, row_number() over (order by p.published_at desc, p.id desc) as n
        from (select * from app_public.posts p
               where p.kind = p_kind and p.status = 'published' and p.published_at <= now()
                 and (p_after_published_at is null or (p.published_at, p.id) < (p_after_published_at, p_after_id))
               order by p.published_at desc, p.id desc
               limit p_limit + 1) p
    )
    select json_build_object(
      'items', coalesce(json_agg(json_build_object('id', id, 'slug', slug, 'title', title,
                 'excerpt', excerpt, 'publishedAt', app_hidden.iso_time(published_at), 'url', url)
                 order by n) filter (where n <= p_limit), '[]'),
      'next', case when count(*) > p_limit then
                (array_agg(json_build_object('publishedAt', published_at, 'id', id)) filter (where n = p_limit))[1]
              end)
      from page
  $$;
comment on function app_hidden.list_posts is 'Published articles or blog posts, newest first; see GET /api/v1/public/articles and /blog.';

grant execute on function
  app_hidden.contractor_list_item(app_public.contractors),
  app_hidden.search_contractors(text, text, text, text, integer, integer, numeric, uuid),
  app_hidden.geo_search_point(double precision, double precision, double precision, text, numeric, integer, double precision, uuid),
  app_hidden.geo_search_box(double precision, double precision, double precision, double precision, text, numeric, integer, numeric, uuid),
  app_hidden.list_specialties(),
  app_hidden.contractor_profile(app_public.contractors),
  app_hidden.contractor_by_slug(text),
  app_hidden.contractor_by_id(text),
  app_hidden.list_posts(text, integer, timestamptz, uuid)
  to marine_anonymous;
grant execute on function
  app_hidden.is_uuid(text),
  app_hidden.specialty_predicate(integer),
  app_hidden.iso_time(timestamptz), app_hidden.like_pattern(text),
  app_hidden.specialty_id_for_filter(text, text), app_hidden.miles_to_meters(double precision),
  app_hidden.is_slug(text), app_hidden.join_text(text[]), app_hidden.is_media_list(jsonb)
  to marine_anonymous;

comment on function app_hidden.is_slug(text) is 'A lowercase kebab-case slug of at most 120 characters.';
comment on function app_hidden.join_text(text[]) is 'array_to_string for text[], declared immutable for the generated search column.';
comment on function app_hidden.is_media_list(jsonb) is 'A photo or video list: an array of objects with an http(s) url.';
comment on function app_hidden.iso_time(timestamptz) is 'ISO 8601 in UTC with milliseconds, as every response shows times.';
comment on function app_hidden.like_pattern(text) is 'A LIKE pattern that matches the text anywhere, with its own % and _ taken literally.';
comment on function app_hidden.specialty_id_for_filter(text, text) is 'The id of a specialty slug used as a filter; INVAL naming the parameter when unknown.';
comment on function app_hidden.miles_to_meters(double precision) is 'Statute miles to meters.';
comment on function app_hidden.is_uuid(text) is 'Whether text has the shape of a UUID.';
comment on function app_hidden.specialty_predicate(integer) is 'The specialty filter of the searches, as SQL text for dynamic queries.';
comment on function app_hidden.contractor_list_item(app_public.contractors) is 'A contractor as a list item, with the fields of both variants.';
comment on function app_hidden.contractor_profile(app_public.contractors) is 'A contractor''s full profile (Variant B plus latitude, longitude, website).';
