-- Contractors within a radius of a point, best rated first (sort=rating on a point search):
-- every match of the radius is read (the GiST index) and sorted by (public rating, id), so its
-- work grows with the contractors inside the circle, unlike the nearest-first search. Items
-- carry distanceMiles as there. Run with EXECUTE, planned for each call's filters (as
-- geo_search_point).
CREATE OR REPLACE FUNCTION app_hidden.geo_search_point_rated(p_lat double precision, p_lng double precision, p_radius_miles double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_score numeric DEFAULT NULL::numeric, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
AS $function$
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
  end if;
  return query execute $q$
    with page as (
      select c, coalesce(c.public_rating, 0) as score, c.geog <-> $1 as distance
        from app_public.contractors c
       where app_hidden.geo_filter(c.is_active, c.specialty_slugs, c.public_rating, $3, $4)
         and st_dwithin(c.geog, $1, $2, false)
         and ($5::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($5, $6))
       order by coalesce(c.public_rating, 0) desc, c.id desc
       limit $7 + 1
    ), numbered as (
      select k.c, k.score, k.distance, row_number() over (order by k.score desc, (k.c).id desc) as n from page k
    )
    select coalesce(json_agg(
             ('{"distanceMiles":' || round((k.distance / 1609.344)::numeric, 3) || ','
               || substr(app_hidden.contractor_list_item(k.c)::text, 2))::json
             order by k.n) filter (where k.n <= $7), '[]'),
           case when count(*) > $7 then
             (array_agg(json_build_object('score', k.score, 'id', (k.c).id)) filter (where k.n = $7))[1]
           end
      from numbered k
  $q$
    using st_setsrid(st_makepoint(p_lng, p_lat), 4326)::geography, app_hidden.miles_to_meters(p_radius_miles),
          p_specialty, p_min_rating, p_after_score, p_after_id, p_limit;
end
$function$;
comment on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) is 'Contractors within a radius of a point, best rated first (sort=rating); see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_point_rated(double precision,double precision,double precision,text,numeric,integer,numeric,uuid) to marine_anonymous;
