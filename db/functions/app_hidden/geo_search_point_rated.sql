-- Contractors within a radius of a point, best rated first (sort=rating on a point search):
-- every match of the radius is read (the GiST index) and sorted by (public rating, id), so its
-- work grows with the contractors inside the circle, unlike the nearest-first search. Items
-- carry distanceMiles as there.
CREATE OR REPLACE FUNCTION app_hidden.geo_search_point_rated(p_lat double precision, p_lng double precision, p_radius_miles double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_score numeric DEFAULT NULL::numeric, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
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
  return query execute format($q$
    with page as (
      select c, coalesce(c.public_rating, 0) as score, c.geog <-> $1 as distance
        from app_public.contractors c
       where %1$s and ($5::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($5, $6))
       order by coalesce(c.public_rating, 0) desc, c.id desc
       limit $7 + 1
    ), numbered as (
      select c, score, distance, row_number() over (order by score desc, (c).id desc) as n from page
    )
    select coalesce(json_agg(
             ('{"distanceMiles":' || round((distance / 1609.344)::numeric, 3) || ','
               || substr(app_hidden.contractor_list_item(c)::text, 2))::json
             order by n) filter (where n <= $7), '[]'),
           case when count(*) > $7 then
             (array_agg(json_build_object('score', score, 'id', (c).id)) filter (where n = $7))[1]
           end
      from numbered
  $q$, v_where)
    using v_point, app_hidden.miles_to_meters(p_radius_miles), p_specialty, p_min_rating,
          p_after_score, p_after_id, p_limit;
end
$function$;
comment on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) is 'Contractors within a radius of a point, best rated first (sort=rating); see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) to marine_anonymous;
