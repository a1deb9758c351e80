-- A rating band's matches as the walk takes them (search_walk): highest search number first,
-- only those after the position (p_after_band, p_after_no) when the band is the position's, at
-- most p_take of them. The walk's arrays are sorted (intarray's set operations sort, and so are
-- the postings), so the highest are the last p_take: only those are sorted the other way (a
-- band of the best chunk holds thousands of matches; the walk takes at most a window of them).
CREATE OR REPLACE FUNCTION app_hidden.search_band_page(p_ids integer[], p_band smallint, p_after_band smallint, p_after_no integer, p_take integer)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog', 'extensions', 'pg_temp'
AS $function$
begin
  return case when p_after_band is not null and p_band > p_after_band then '{}'
              when p_band is distinct from p_after_band
                then sort_desc(subarray(p_ids, greatest(1, icount(p_ids) - p_take + 1)))
              else array(select n from unnest(sort_desc(p_ids)) n where n < p_after_no limit p_take) end;
end
$function$;
comment on function app_hidden.search_band_page(integer[],smallint,smallint,integer,integer) is 'A rating band''s matches highest search number first, after a position, at most p_take (search_walk).';
revoke all on function app_hidden.search_band_page(integer[],smallint,smallint,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_band_page(integer[],smallint,smallint,integer,integer) to marine_anonymous;
