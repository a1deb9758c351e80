-- Up Migration
-- Text search reads the matching rows once (docs/performance.md). It used to run two queries
-- over the same match: an exact count(*) for pagination.total, then the ranked page, and with q
-- both visit every matching row in the heap (the count for is_active and state, the page for
-- ts_rank). Now one scan keeps (id, score) of every match; the count and the top of the order
-- come from that, and only the page's rows are read again, by primary key, to build the items.
-- Same filters, same order (score desc, id desc), same total, same cursor and offset rules.
create or replace function app_hidden.search_contractors(
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
