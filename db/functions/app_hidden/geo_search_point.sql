CREATE OR REPLACE FUNCTION app_hidden.geo_search_point(p_lat double precision, p_lng double precision, p_radius_miles double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_distance double precision DEFAULT NULL::double precision, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET enable_bitmapscan TO 'off'
AS $function$
declare
  v_point geography := st_setsrid(st_makepoint(p_lng, p_lat), 4326)::geography;
  v_where text := 'c.is_active and st_dwithin(c.geog, $1, $2, false)';
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
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
    using v_point, app_hidden.miles_to_meters(p_radius_miles), p_specialty, p_min_rating,
          p_after_distance, p_after_id, p_limit;
end
$function$;
comment on function app_hidden.geo_search_point(double precision,double precision,double precision,text,numeric,integer,double precision,uuid) is 'Contractors within a radius of a point, nearest first; see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_point(double precision,double precision,double precision,text,numeric,integer,double precision,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_point(double precision,double precision,double precision,text,numeric,integer,double precision,uuid) to marine_anonymous;
