-- Contractors inside a latitude/longitude box, best rated first (public rating, then id, both
-- descending), after the keyset (p_after_score, p_after_id). A box holding many contractors
-- fills its page within the first rows in rated order: those are read first, at most v_budget
-- of them whatever the filters, from the rated index (app_hidden.rated_rows). A box holding few
-- is read through the GiST index instead (&& there finds candidates on float4-rounded boxes; the
-- ranges make it exact) and sorted. Both are run with EXECUTE, planned for each call's filters
-- (as geo_search_point); their parameters: $1-$4 the box (latitudes, then longitudes), $5
-- specialty, $6 minimum rating, $7-$8 the keyset, $9 the rows wanted, $10 the budget.
CREATE OR REPLACE FUNCTION app_hidden.geo_search_box(p_min_lat double precision, p_max_lat double precision, p_min_lng double precision, p_max_lng double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_score numeric DEFAULT NULL::numeric, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
declare
  v_budget constant integer := 50000;
  v_ids uuid[];
  v_scores numeric[];
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
  end if;
  -- Edges included; latitude and longitude are the point's own coordinates, so this is exact.
  -- The budget counts rows read in rated order, whatever the filters: they are read from the
  -- rated index alone (it carries the rating and the coordinates; the scan is of active rows),
  -- and with a specialty only those inside the box are read from the table, for their
  -- specialties (without one, the case is null and folds away).
  execute $q$
    select array_agg(rated.id order by rated.score desc, rated.id desc), array_agg(rated.score order by rated.score desc, rated.id desc)
      from (select r.id, r.score
              from app_hidden.rated_rows($7, $8, $10) r
             where r.latitude between $1 and $2 and r.longitude between $3 and $4
               and app_hidden.geo_filter(true, case when $5::text is not null then (select c.specialty_slugs from app_public.contractors c
                                                                                  where c.id = r.id) end,
                                         r.public_rating, $5, $6)
             order by r.score desc, r.id desc
             limit $9) rated
  $q$
    into v_ids, v_scores
    using p_min_lat, p_max_lat, p_min_lng, p_max_lng, p_specialty, p_min_rating, p_after_score, p_after_id,
          p_limit + 1, v_budget;
  if coalesce(cardinality(v_ids), 0) <= p_limit then
    execute $q$
      select array_agg(rated.id order by rated.score desc, rated.id desc), array_agg(rated.score order by rated.score desc, rated.id desc)
        from (select c.id, coalesce(c.public_rating, 0) as score
                from app_public.contractors c
               where app_hidden.geo_filter(c.is_active, c.specialty_slugs, c.public_rating, $5, $6)
                 and ($7::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($7, $8))
                 and c.geog::geometry && st_makeenvelope($3, $1, $4, $2, 4326)
                 and c.latitude between $1 and $2 and c.longitude between $3 and $4
               order by coalesce(c.public_rating, 0) desc, c.id desc
               limit $9) rated
    $q$
      into v_ids, v_scores
      using p_min_lat, p_max_lat, p_min_lng, p_max_lng, p_specialty, p_min_rating, p_after_score, p_after_id,
            p_limit + 1;
  end if;
  return query
    with numbered as (
      select c, m.score, m.n
        from unnest(v_ids, v_scores) with ordinality as m(id, score, n)
        join app_public.contractors c on c.id = m.id
    )
    select coalesce(json_agg(app_hidden.contractor_list_item(k.c) order by k.n) filter (where k.n <= p_limit), '[]'),
           case when count(*) > p_limit then
             (array_agg(json_build_object('score', k.score, 'id', (k.c).id)) filter (where k.n = p_limit))[1]
           end
      from numbered k;
end
$function$;
comment on function app_hidden.geo_search_box(double precision,double precision,double precision,double precision,text,numeric,integer,numeric,uuid) is 'Contractors inside a latitude/longitude box, best rated first; see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_box(double precision,double precision,double precision,double precision,text,numeric,integer,numeric,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_box(double precision,double precision,double precision,double precision,text,numeric,integer,numeric,uuid) to marine_anonymous;
