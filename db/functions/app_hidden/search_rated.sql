-- Search in public-rating order without q (search_contractors' order when q is absent).
-- The filter searches read their (city|state, rating, id) index in order and check each row's
-- specialties (specialty_predicate) until the page is full. The total is exact up to the cap
-- (search_total_cap): for a specialty alone it is the specialty's own count, for a specialty in
-- a state its search postings (0030: the terms specialty_<slug> and state:<code>, band by band), both kept by triggers, so only
-- the page is read; otherwise the first cap + 1 matches are counted in order (a first page is a
-- prefix of them), from a city's index alone with a specialty (0025). With a city list as a
-- parameter the planner misjudges a big city's size and sorted all of its rows for a merge join
-- against every link of the specialty instead (16 ms for Fort Lauderdale at 1,000,000
-- contractors, against 2 ms probing): merge joins are off here, as hash joins already are
-- (0008). The rated_* SQL texts number their parameters as the text searches do, so $1 (the
-- text query) is passed as null.
CREATE OR REPLACE FUNCTION app_hidden.search_rated(p_specialty text, p_city text, p_state text, p_limit integer, p_offset integer DEFAULT 0, p_after_score numeric DEFAULT NULL::numeric, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, total integer, total_exact boolean, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
AS $function$
declare
  v_cap constant integer := greatest(app_hidden.search_total_cap(), p_offset + p_limit);
  v_cities text[];
  v_filters text := 'c.is_active';
  v_ids uuid[];
  v_scores numeric[];
  v_page text;
  v_known integer;  -- the total, when it is kept (specialty without a city)
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
    v_filters := v_filters || app_hidden.specialty_predicate(2);
  end if;
  if p_city is not null then
    v_cities := array(select d.city from app_private.directory_cities d
                       where d.city ilike app_hidden.like_pattern(p_city) order by d.city);
  end if;
  if p_state is not null then
    v_filters := v_filters || ' and c.state = upper($4)';
  end if;
  if p_specialty is not null and p_city is null then
    if p_state is null then
      v_known := (select s.contractor_count from app_public.specialties s where s.slug = p_specialty);
    else
      v_known := (select coalesce(sum(icount(s.contractors & t.contractors)), 0)
                    from app_private.search_postings s
                    join app_private.search_postings t on t.band = s.band and t.term = 'state:' || upper(p_state)
                   where s.term = 'specialty_' || p_specialty);
    end if;
  end if;

  -- The first page's rows and, when the total is not kept, the first cap + 1 matches in order.
  if v_known is null or p_after_score is null then
    execute app_hidden.rated_arrays_sql(app_hidden.rated_contractors_sql(v_filters, p_city is not null, '',
              case when v_known is null then '$9 + 1' else '$8 + $7 + 1' end))
      into v_ids, v_scores
      using null::tsquery, p_specialty, v_cities, p_state, null::numeric, null::uuid, p_limit, p_offset, v_cap;
  end if;

  if p_after_score is null then
    v_page := app_hidden.rated_arrays_page_sql();
  else
    v_page := app_hidden.rated_contractors_sql(v_filters, p_city is not null, app_hidden.rated_keyset_sql(), '$7 + 1');
  end if;
  return query execute format('select i.items, least($12, $9), $12 <= $9, i.next from (%s) i',
                              app_hidden.rated_page_sql(v_page))
    using null::tsquery, p_specialty, v_cities, p_state, p_after_score, p_after_id, p_limit, p_offset, v_cap,
          v_ids, v_scores, coalesce(v_known, cardinality(v_ids), 0);
end
$function$;
comment on function app_hidden.search_rated(text,text,text,integer,integer,numeric,uuid) is 'Contractor search by specialty, city and state, best rated first: search_contractors without q.';
revoke all on function app_hidden.search_rated(text,text,text,integer,integer,numeric,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_rated(text,text,text,integer,integer,numeric,uuid) to marine_anonymous;
