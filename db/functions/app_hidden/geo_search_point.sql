-- Contractors within a radius of a point, nearest first (distance, then id), after the keyset
-- (p_after_distance, p_after_id). The query is run with EXECUTE so that it is planned for each
-- call's values: a filter not given folds away (geo_filter), a given one is a condition the
-- indexes can use. (A static query planned for each call, plan_cache_mode force_custom_plan,
-- cost 0.3 ms more per call at 1,000,000; a generic plan cannot use the indexes for the filters
-- it has.)
CREATE OR REPLACE FUNCTION app_hidden.geo_search_point(p_lat double precision, p_lng double precision, p_radius_miles double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_distance double precision DEFAULT NULL::double precision, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET enable_bitmapscan TO 'off'
AS $function$
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
  end if;
  -- (1) the nearest $7 + 1 rows after the cursor, in index order, give the distance D this page
  -- reaches; (2) exactly the rows up to D, ties included, sorted by (distance, id).
  return query execute $q$
    with bound as (
      select max(nearest.distance) as d from (
        select c.geog <-> $1 as distance
          from app_public.contractors c
         where app_hidden.geo_filter(c.is_active, c.specialty_slugs, c.public_rating, $3, $4)
           and st_dwithin(c.geog, $1, $2, false)
           and ($5::float8 is null or c.geog <-> $1 > $5 or (c.geog <-> $1 = $5 and c.id > $6))
         order by c.geog <-> $1
         limit $7 + 1) nearest
    ), page as (
      select c, c.geog <-> $1 as distance
        from app_public.contractors c, bound
       where app_hidden.geo_filter(c.is_active, c.specialty_slugs, c.public_rating, $3, $4)
         and st_dwithin(c.geog, $1, $2, false)
         and st_dwithin(c.geog, $1, bound.d + 1, false) and c.geog <-> $1 <= bound.d
         and ($5::float8 is null or (c.geog <-> $1, c.id) > ($5, $6))
       order by c.geog <-> $1, c.id
       limit $7 + 1
    ), numbered as (
      select k.c, k.distance, row_number() over (order by k.distance, (k.c).id) as n from page k
    )
    -- distanceMiles goes first; splicing the text keeps the item's field order (jsonb would not).
    select coalesce(json_agg(
             ('{"distanceMiles":' || round((k.distance / 1609.344)::numeric, 3) || ','
               || substr(app_hidden.contractor_list_item(k.c)::text, 2))::json
             order by k.n) filter (where k.n <= $7), '[]'),
           case when count(*) > $7 then
             (array_agg(json_build_object('distance', k.distance, 'id', (k.c).id)) filter (where k.n = $7))[1]
           end
      from numbered k
  $q$
    using st_setsrid(st_makepoint(p_lng, p_lat), 4326)::geography, app_hidden.miles_to_meters(p_radius_miles),
          p_specialty, p_min_rating, p_after_distance, p_after_id, p_limit;
end
$function$;
comment on function app_hidden.geo_search_point(double precision,double precision,double precision,text,numeric,integer,double precision,uuid) is 'Contractors within a radius of a point, nearest first; see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_point(double precision,double precision,double precision,text,numeric,integer,double precision,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_point(double precision,double precision,double precision,text,numeric,integer,double precision,uuid) to marine_anonymous;
