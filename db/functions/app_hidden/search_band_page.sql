-- A rating band's matches as the walk takes them (search_walk): highest search number first,
-- only those after the position (p_after_band, p_after_no) when the band is the position's, at
-- most p_take of them. The walk's arrays are sorted (intarray's set operations sort, and so are
-- the postings), so the highest are the last p_take: only those are sorted the other way (a
-- band of the best chunk holds thousands of matches; the walk takes at most a window of them).
-- In the position's band they are the last p_take below p_after_no, whose place in the band
-- (idx of it in the band with it added) ends them (subarray reads a length of 0 as "to the end":
-- none below it, or none to take, is asked first). One expression, a SQL function the walk
-- inlines: called for every band with matches (up to ~400 a walk), as PL/pgSQL with its own
-- search_path it cost 6-7 us a call, a tenth of a walk over every band.
CREATE OR REPLACE FUNCTION app_hidden.search_band_page(p_ids integer[], p_band smallint, p_after_band smallint, p_after_no integer, p_take integer)
 RETURNS integer[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when p_after_band is not null and p_band > p_after_band then '{}'::integer[]
              when p_band is distinct from p_after_band
                then extensions.sort_desc(extensions.subarray(p_ids, greatest(1, extensions.icount(p_ids) - p_take + 1)))
              when least(p_take, extensions.idx(p_ids operator(extensions.|) p_after_no, p_after_no) - 1) > 0
                then extensions.sort_desc(extensions.subarray(
                       p_ids,
                       greatest(1, extensions.idx(p_ids operator(extensions.|) p_after_no, p_after_no) - p_take),
                       least(p_take, extensions.idx(p_ids operator(extensions.|) p_after_no, p_after_no) - 1)))
              else '{}' end
$function$;
comment on function app_hidden.search_band_page(integer[],smallint,smallint,integer,integer) is 'A rating band''s matches highest search number first, after a position, at most p_take (search_walk).';
revoke all on function app_hidden.search_band_page(integer[],smallint,smallint,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_band_page(integer[],smallint,smallint,integer,integer) to marine_anonymous;
