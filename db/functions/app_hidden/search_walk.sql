-- The search's walk over the postings (docs/search.md, stage "candidates"): the rating bands,
-- best first, in chunks (search_walk_bands), for the kept units of p_units (search_terms'
-- tsqueries) under the filters (search_filter_terms' groups). It returns the first p_need
-- matches of every unit in rank order (band, then search_no, highest first) after the position
-- (p_after_band, p_after_no), their bands, their number up to p_cap + 1, and for each unit whether
-- it matches anything under the filters. It stops at the end of the first chunk where it has all
-- four, so its work is the postings of the bands it reads, never a contractor row. With no unit,
-- the matches are the filters' (rated order without q), or, with no filter either, every active
-- contractor. While no contractor matches every unit, the same walk collects and counts the
-- matches of any unit (any_nos, any_bands, any_total: soft matching), with each one's number of
-- units matched (any_units, ranking rule 2), so a query whose units never meet is walked once.
-- Once those are complete with no match of every unit yet, the bands left are walked for such
-- matches only, unit by unit, rarest first (search_walk_meet). A unit found nowhere in the bands
-- read nor below them ends the walk, unit_found saying so and the other outputs incomplete
-- (complete false): search_contractors walks again without it (and says p_present then). A unit
-- none of whose alternatives has all its terms posted anywhere is known to match nothing before
-- any band is read: it is left out there, and the walk goes on with the others (unit_found false,
-- complete true).
CREATE OR REPLACE FUNCTION app_hidden.search_walk(p_units tsquery[], p_keep boolean[], p_specialty text, p_city text, p_state text, p_need integer, p_cap integer, p_after_band smallint DEFAULT NULL::smallint, p_after_no integer DEFAULT NULL::integer, p_present boolean DEFAULT false)
 RETURNS TABLE(nos integer[], bands smallint[], total integer, unit_found boolean[], any_nos integer[], any_bands smallint[], any_total integer, any_units smallint[], complete boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
 SET enable_hashjoin TO 'off'
 SET enable_mergejoin TO 'off'
 SET cursor_tuple_fraction TO '1'
AS $function$
declare
  v_units constant integer := (select count(*) from unnest(p_keep) k where k);
  -- Within a state, the units read the state's own postings ('FL:diesel'), which hold the state
  -- filter: the state group is left out. So do they under a city whose contractors are all in one
  -- state (the directory's cities list their states, 0040), with the city group kept: a state's
  -- postings are smaller than the nation's, and a city's matches are all in them.
  v_state constant text := coalesce(upper(p_state),
    (select min(s) from app_private.directory_cities d, unnest(d.states) s
      where p_city is not null and d.city ilike app_hidden.like_pattern(p_city)
     having count(distinct s) = 1 and min(s) <> ''));
  v_in_state constant boolean := v_state is not null and v_units > 0;
  v_groups integer;
  -- The filters' and the units' terms, read once for every chunk.
  v_filter_grp integer[];
  v_filter_term text[];
  v_unit integer[];
  v_alt integer[];
  v_term text[];
  v_size integer[];
  v_high smallint := 500;
  v_low smallint;
  v_bands refcursor;
  v_band record;
  v_take integer[];
  v_unit_n integer[];    -- each unit's matches in the bands read by the whole walk: the meet's order
  v_i integer;
  v_meet boolean := false;
  v_order integer[];     -- the units, rarest first (a variable, so that the meet is inlined)
  v_seen integer[] := '{}';  -- the units found so far (unit_found is read from it)
  v_walked_units integer[];  -- the units walked: all, less those posted nowhere (left out first)
  v_walked integer;          -- and their number
  v_all_found boolean;       -- every unit walked found so far
  v_counting boolean;        -- whether a chunk's read counts soft matches while none of all is found (below)
begin
  nos := '{}'; bands := '{}'; total := 0; any_nos := '{}'; any_bands := '{}'; any_total := 0; any_units := '{}';
  unit_found := coalesce(array_fill(false, array[v_units]), '{}');
  v_unit_n := coalesce(array_fill(0, array[v_units]), '{}');
  select coalesce(array_agg(f.grp), '{}'), coalesce(array_agg(f.term), '{}'), count(distinct f.grp)
    into v_filter_grp, v_filter_term, v_groups
    from app_hidden.search_filter_terms(p_specialty, p_city, p_state) f
   where not (v_in_state and f.term like 'state:%');
  if v_units = 0 and v_groups = 0 then
    v_filter_grp := '{0}'; v_filter_term := '{all:}';
  end if;
  select coalesce(array_agg(t.unit), '{}'), coalesce(array_agg(t.alt), '{}'),
         coalesce(array_agg(case when v_in_state then v_state || ':' else '' end || t.term), '{}'),
         coalesce(array_agg(t.size), '{}')
    into v_unit, v_alt, v_term, v_size
    from (select u.*, count(*) over (partition by u.unit, u.alt) as size from app_hidden.search_unit_terms(p_units, p_keep) u) t;
  -- A unit with no alternative whose terms are all posted somewhere matches nothing, whatever the
  -- bands: left out now, without a band read (a town of another state under a city, most of the
  -- units the bound's queries lose), where finding it missing after the first chunk cost a walk.
  v_walked_units := array(select generate_series(1, v_units));
  if v_units > 1 and not p_present then
    v_walked_units := array(select a.unit
                              from (select t.unit, bool_and(exists (select from app_private.search_postings p where p.term = t.term)) as posted
                                      from unnest(v_unit, v_alt, v_term) t(unit, alt, term) group by t.unit, t.alt) a
                             group by a.unit having bool_or(a.posted) order by a.unit);
    if cardinality(v_walked_units) = 0 then
      complete := false;  -- nothing to walk: every unit matches nothing
      return next;
      return;
    elsif cardinality(v_walked_units) < v_units then
      select coalesce(array_agg(t.unit), '{}'), coalesce(array_agg(t.alt), '{}'), coalesce(array_agg(t.term), '{}'), coalesce(array_agg(t.size), '{}')
        into v_unit, v_alt, v_term, v_size
        from unnest(v_unit, v_alt, v_term, v_size) t(unit, alt, term, size) where t.unit = any(v_walked_units);
    end if;
  end if;
  v_walked := cardinality(v_walked_units);
  -- Chunks of bands, best first: 4.50-5.00, then 4.00-4.49, 3.00-3.99 and the rest. A walk whose
  -- count is still under half the cap after the first chunk (about 40% of the directory) will
  -- most likely read every band to count its matches, so it reads the rest in one chunk: one
  -- query instead of three (the fixed cost of a query is most of a small directory's search).
  -- Not while only soft matches are found and they are a fifth of the cap already: they will
  -- most likely pass it in the next chunks, and only the meet reads the bands after that (a
  -- large city: the slowest queries at the bound, 73-75 ms -> 38-48).
  -- Three units or more seldom all meet, and their soft matches mostly fill the page and the cap
  -- within 4.80-5.00: that is their first chunk, so the meet (below) starts sooner.
  v_low := case when v_walked >= 3 then 480 else 450 end;
  -- Soft matches are wanted only while no row matches every unit, and most chunks of a walk whose
  -- units meet hold such a row: a chunk is read without counting them (counting was a sixth of a
  -- search of common words together at 1,000,000), and read again, counting, when it held none
  -- (below). From then on, and from the start with six units or more, which seldom meet (the
  -- bound's queries: 1.06 of their time counting only on a second read), chunks count at once.
  v_counting := v_walked >= 6;
  loop
    -- Each chunk's query planned only when it runs (a cursor, planned to be read to the end:
    -- cursor_tuple_fraction): the chunk's bands, or, once only matches of every unit are left to
    -- find, the bands where they meet.
    if v_meet then
      open v_bands for
        select m.band, m.ids, null::integer[] as units_found, null::integer[] as unit_counts, null::integer[] as any_ids,
               null::record[] as unit_ids
          from app_hidden.search_walk_meet(v_unit, v_alt, v_term, v_size, v_filter_grp, v_filter_term, v_groups,
                                           v_order, v_low, v_high) m
         order by m.band desc;
    else
      open v_bands for
        select b.*
          from app_hidden.search_walk_bands(v_unit, v_alt, v_term, v_size, v_filter_grp, v_filter_term, v_groups,
                                            v_walked, v_low, v_high, v_counting and total = 0, cardinality(any_nos) < p_need) b
         order by b.band desc;
    end if;
    loop
      fetch v_bands into v_band;
      exit when not found;
      v_seen := v_seen | coalesce(v_band.units_found, '{}');
      for v_i in 1..coalesce(cardinality(v_band.unit_counts), 0) loop
        v_unit_n[v_band.units_found[v_i]] := v_unit_n[v_band.units_found[v_i]] + v_band.unit_counts[v_i];
      end loop;
      total := total + icount(v_band.ids);
      if cardinality(nos) < p_need and icount(v_band.ids) > 0 then
        v_take := app_hidden.search_band_page(v_band.ids, v_band.band, p_after_band, p_after_no, p_need - cardinality(nos));
        nos := nos || v_take;
        bands := bands || array_fill(v_band.band, array[cardinality(v_take)]);
      end if;
      any_total := any_total + coalesce(icount(v_band.any_ids), 0);
      if v_band.any_ids is not null and cardinality(any_nos) < p_need then
        v_take := app_hidden.search_band_page(v_band.any_ids, v_band.band, p_after_band, p_after_no, p_need - cardinality(any_nos));
        any_nos := any_nos || v_take;
        any_bands := any_bands || array_fill(v_band.band, array[cardinality(v_take)]);
        -- (each taken row is in one unit's array at least: counted, in the take's order)
        any_units := any_units || case when cardinality(v_band.units_found) = 1 then array_fill(1::smallint, array[cardinality(v_take)])
          else array(select count(*)::smallint
                       from unnest(v_band.unit_ids) as u(ids integer[]), unnest(u.ids & v_take) x
                      group by x order by x desc) end;
      end if;
    end loop;
    close v_bands;
    if not v_counting and total = 0 and v_walked > 1 and not v_meet and cardinality(v_seen) > 0 then
      v_counting := true;
      continue;  -- the same chunk, counting
    end if;
    v_all_found := v_seen @> v_walked_units;
    exit when v_low = 0 or (cardinality(nos) >= p_need and total > p_cap and v_all_found);
    -- A unit not matched yet, and matched nowhere in the bands left: the walk ends here. (Not
    -- asked when the caller knows every unit matches somewhere, p_present, nor of a lone unit,
    -- where reading on costs what the answer would.)
    if not v_all_found and not p_present and v_walked > 1 then
      v_seen := v_seen | array(select i from unnest(v_walked_units - v_seen) i
                                -- (first, whether one of its alternatives has every term posted in
                                -- those bands at all: a unit posted only in the bands read has none
                                -- there, and the meet would probe each band)
                                where exists (select from unnest(v_unit, v_alt, v_term) t(unit, alt, term)
                                               where t.unit = i
                                               group by t.alt
                                              having bool_and(exists (select from app_private.search_postings p
                                                                       where p.term = t.term and p.band < v_low)))
                                  and exists (select from app_hidden.search_walk_meet(v_unit, v_alt, v_term, v_size, v_filter_grp, v_filter_term,
                                                                                       v_groups, array[i], 0::smallint, (v_low - 1)::smallint)));
      v_all_found := v_seen @> v_walked_units;
      exit when not v_all_found;
    end if;
    -- The meet only while no match of every unit is found: where the units do meet, probing
    -- them band by band costs more than reading them (3x for "trailer launch and retrieval").
    v_meet := v_walked > 0 and total = 0 and cardinality(any_nos) >= p_need and any_total > p_cap;
    if v_meet then
      v_order := array(select i from unnest(v_walked_units) i order by v_unit_n[i], i);
    end if;
    v_high := v_low - 1;
    v_low := case when total < p_cap / 2 and p_cap > 0 and not (total = 0 and v_walked > 1 and any_total >= p_cap / 5) then 0
                  when v_low = 480 then 450 when v_low = 450 then 400 when v_low = 400 then 300 else 0 end;
  end loop;
  unit_found := array(select i = any(v_seen) from generate_subscripts(unit_found, 1) i);
  total := least(total, p_cap + 1);
  any_total := least(any_total, p_cap + 1);
  complete := v_all_found;
  return next;
end
$function$;
comment on function app_hidden.search_walk(tsquery[],boolean[],text,text,text,integer,integer,smallint,integer,boolean) is 'The text search''s walk over the rating-banded postings: the first matches in rank order, the capped count, and which units match (docs/search.md).';
revoke all on function app_hidden.search_walk(tsquery[],boolean[],text,text,text,integer,integer,smallint,integer,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_walk(tsquery[],boolean[],text,text,text,integer,integer,smallint,integer,boolean) to marine_anonymous;
