-- The lowest band of the walk's next chunk (search_walk; docs/search.md "The walk"), after the
-- chunk that ended at p_low (null: the first chunk). Chunks of bands, best first: 4.50-5.00, then
-- 4.00-4.49, 3.00-3.99 and the rest. A walk whose count is still under half the cap after a chunk
-- (the first is about 40% of the directory) will most likely read every band to count its
-- matches, so it reads the rest in one chunk: one query instead of three (the fixed cost of a
-- query is most of a small directory's search). Not while only soft matches are found and they
-- are a fifth of the cap already: they will most likely pass it in the next chunks, and only the
-- meet reads the bands after that (a large city: the slowest queries at the bound, 73-75 ms ->
-- 38-48). Three units or more seldom all meet, and their soft matches mostly fill the page and the
-- cap within 4.80-5.00: that is their first chunk, so the meet starts sooner.
CREATE OR REPLACE FUNCTION app_hidden.search_walk_chunk(p_low smallint, p_walked integer, p_total integer, p_any_total integer, p_cap integer)
 RETURNS smallint
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
begin
  return case when p_low is null then case when p_walked >= 3 then 480 else 450 end
              when p_total < p_cap / 2 and p_cap > 0 and not (p_total = 0 and p_walked > 1 and p_any_total >= p_cap / 5) then 0
              when p_low = 480 then 450 when p_low = 450 then 400 when p_low = 400 then 300
              else 0 end;
end
$function$;
comment on function app_hidden.search_walk_chunk(smallint,integer,integer,integer,integer) is 'The lowest rating band of a text search walk''s next chunk (search_walk; docs/search.md).';
revoke all on function app_hidden.search_walk_chunk(smallint,integer,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_walk_chunk(smallint,integer,integer,integer,integer) to marine_anonymous;
