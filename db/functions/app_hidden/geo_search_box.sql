CREATE OR REPLACE FUNCTION app_hidden.geo_search_box(p_min_lat double precision, p_max_lat double precision, p_min_lng double precision, p_max_lng double precision, p_specialty text, p_min_rating numeric, p_limit integer, p_after_score numeric DEFAULT NULL::numeric, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, next json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
declare
  v_filters text := 'c.is_active';
  -- Edges included; latitude and longitude are the point's own coordinates, so this is exact.
  v_in_box constant text := 'c.latitude between $1 and $2 and c.longitude between $10 and $11';
  -- Rows checked in rated order (from the index alone) before the GiST index is used instead.
  v_budget constant integer := 50000;
  v_ids uuid[];
  v_scores numeric[];
begin
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
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
    using p_min_lat, p_max_lat, p_specialty, p_min_rating, p_after_score, p_after_id, p_limit, 0,
          null::integer, p_min_lng, p_max_lng;
  if coalesce(cardinality(v_ids), 0) <= p_limit then
    execute app_hidden.rated_arrays_sql(app_hidden.rated_contractors_sql(
        v_filters || ' and c.geog::geometry && st_makeenvelope($10, $1, $11, $2, 4326) and ' || v_in_box, false, '', '$7 + 1'))
      into v_ids, v_scores
      using p_min_lat, p_max_lat, p_specialty, p_min_rating, p_after_score, p_after_id, p_limit, 0,
            null::integer, p_min_lng, p_max_lng;
  end if;
  return query execute app_hidden.rated_page_sql(app_hidden.rated_arrays_page_sql())
    using p_min_lat, p_max_lat, p_specialty, p_min_rating, p_after_score, p_after_id, p_limit, 0,
          null::integer, v_ids, v_scores;
end
$function$;
comment on function app_hidden.geo_search_box(double precision,double precision,double precision,double precision,text,numeric,integer,numeric,uuid) is 'Contractors inside a latitude/longitude box, best rated first; see GET /api/v1/public/contractors/geo-search.';
revoke all on function app_hidden.geo_search_box(double precision,double precision,double precision,double precision,text,numeric,integer,numeric,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_search_box(double precision,double precision,double precision,double precision,text,numeric,integer,numeric,uuid) to marine_anonymous;
