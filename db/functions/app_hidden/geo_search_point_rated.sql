-- Contractors within a radius of a point, best rated first (sort=rating on a point search),
-- after the keyset (p_after_score, p_after_id); items carry distanceMiles as there. A circle
-- holding many contractors fills its page within the first rows in rated order: those are read
-- first, at most v_budget of them, from the rated index, which carries the coordinates, so only
-- the rows inside the circle's bounding box are read from the table (for the exact distance and
-- the specialty). A circle holding few is read through the GiST index instead and sorted. Both
-- are run with EXECUTE, planned for each call's filters (as geo_search_point); their
-- parameters: $1 the point, $2 the radius in meters, $3 specialty, $4 minimum rating, $5-$6 the
-- keyset, $7 the rows wanted, $8 the budget, $9-$12 the bounding box (latitudes, longitudes).
CREATE OR REPLACE FUNCTION app_hidden.geo_search_point_rated(p_lat double precision, p_lng double precision, p_radius_miles double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_score numeric DEFAULT NULL::numeric, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
AS $function$
declare
  v_budget constant integer := 50000;
  v_point constant geography := st_setsrid(st_makepoint(p_lng, p_lat), 4326)::geography;
  v_meters constant double precision := app_hidden.miles_to_meters(p_radius_miles);
  -- The circle's angular radius on PostGIS's sphere (distances without the spheroid), 1% wider,
  -- and its extent in longitude at the point's latitude: the bounding box holds the circle.
  v_radius constant double precision := v_meters / 6371008.7714 * 1.01;
  v_lng_radius double precision;
  v_ids uuid[];
  v_scores numeric[];
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
  end if;
  -- (Not near a pole or across the antimeridian, where the box would not be one range each.)
  if v_radius < radians(90 - abs(p_lat)) then
    v_lng_radius := asin(sin(v_radius) / cos(radians(p_lat)));
    if abs(p_lng) + degrees(v_lng_radius) < 180 then
      execute $q$
        select array_agg(rated.id order by rated.score desc, rated.id desc), array_agg(rated.score order by rated.score desc, rated.id desc)
          from (select r.id, r.score
                  from app_hidden.rated_rows($5, $6, $8) r,
                       -- each row by its key (offset 0 keeps it a lookup: as a join the planner
                       -- read the circle through the GiST index for every row, 88 ms in Honolulu)
                       lateral (select c.geog, c.specialty_slugs from app_public.contractors c
                                 where c.id = r.id offset 0) c
                 where r.latitude between $9 and $10 and r.longitude between $11 and $12
                   and st_dwithin(c.geog, $1, $2, false)
                   and app_hidden.geo_filter(true, c.specialty_slugs, r.public_rating, $3, $4)  -- (rated_rows: active)
                 order by r.score desc, r.id desc
                 limit $7) rated
      $q$
        into v_ids, v_scores
        using v_point, v_meters, p_specialty, p_min_rating, p_after_score, p_after_id, p_limit + 1, v_budget,
              p_lat - degrees(v_radius), p_lat + degrees(v_radius), p_lng - degrees(v_lng_radius), p_lng + degrees(v_lng_radius);
    end if;
  end if;
  if coalesce(cardinality(v_ids), 0) <= p_limit then
    execute $q$
      select array_agg(rated.id order by rated.score desc, rated.id desc), array_agg(rated.score order by rated.score desc, rated.id desc)
        from (select c.id, coalesce(c.public_rating, 0) as score
                from app_public.contractors c
               where app_hidden.geo_filter(c.is_active, c.specialty_slugs, c.public_rating, $3, $4)
                 and st_dwithin(c.geog, $1, $2, false)
                 and ($5::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($5, $6))
               order by coalesce(c.public_rating, 0) desc, c.id desc
               limit $7) rated
    $q$
      into v_ids, v_scores
      using v_point, v_meters, p_specialty, p_min_rating, p_after_score, p_after_id, p_limit + 1;
  end if;
  return query
    with numbered as (
      select c, m.score, c.geog <-> v_point as distance, m.n
        from unnest(v_ids, v_scores) with ordinality as m(id, score, n)
        join app_public.contractors c on c.id = m.id
    )
    select coalesce(json_agg(
             ('{"distanceMiles":' || round((k.distance / 1609.344)::numeric, 3) || ','
               || substr(app_hidden.contractor_list_item(k.c)::text, 2))::json
             order by k.n) filter (where k.n <= p_limit), '[]'),
           case when count(*) > p_limit then
             (array_agg(json_build_object('score', k.score, 'id', (k.c).id)) filter (where k.n = p_limit))[1]
           end
      from numbered k;
end
$function$;
comment on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) is 'Contractors within a radius of a point, best rated first (sort=rating); see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) to marine_anonymous;
