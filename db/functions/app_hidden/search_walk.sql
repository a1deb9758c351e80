-- The search's walk over the postings (docs/search.md, stage "candidates"): the rating bands,
-- best first, in chunks (search_walk_bands), for the kept units of p_units (search_terms'
-- tsqueries) under the filters, as search_walk_terms reads them. It returns the first p_need
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
-- read nor below them (search_walk_below) ends the walk, unit_found saying so and the other
-- outputs incomplete (complete false): search_contractors walks again without it (and says
-- p_present then). A unit posted nowhere is left out before any band is read (search_walk_terms),
-- and the walk goes on with the others (unit_found false, complete true).
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
  v_t record;            -- what the walk reads (search_walk_terms), read once for every chunk
  v_walked integer;      -- the number of units walked
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
  v_all_found boolean;       -- every unit walked found so far
begin
  nos := '{}'; bands := '{}'; total := 0; any_nos := '{}'; any_bands := '{}'; any_total := 0; any_units := '{}';
  unit_found := coalesce(array_fill(false, array[v_units]), '{}');
  v_unit_n := coalesce(array_fill(0, array[v_units]), '{}');
  select * into v_t from app_hidden.search_walk_terms(p_units, p_keep, p_specialty, p_city, p_state, p_present);
  v_walked := cardinality(v_t.walked);
  if v_units > 0 and v_walked = 0 then
    complete := false;  -- nothing to walk: every unit matches nothing
    return next;
    return;
  end if;
  v_low := app_hidden.search_walk_chunk(null, v_walked, 0, 0, p_cap);
  loop
    -- Each chunk's query planned only when it runs (a cursor, planned to be read to the end:
    -- cursor_tuple_fraction): the chunk's bands, or, once only matches of every unit are left to
    -- find, the bands where they meet.
    if v_meet then
      open v_bands for
        select m.band, m.ids, null::integer[] as units_found, null::integer[] as unit_counts, null::integer[] as any_ids,
               null::record[] as unit_ids
          from app_hidden.search_walk_meet(v_t.unit, v_t.alt, v_t.term, v_t.size, v_t.filter_grp, v_t.filter_term, v_t.groups,
                                           v_order, v_low, v_high) m
         order by m.band desc;
    else
      open v_bands for
        select b.*
          from app_hidden.search_walk_bands(v_t.unit, v_t.alt, v_t.term, v_t.size, v_t.filter_grp, v_t.filter_term, v_t.groups,
                                            v_walked, v_low, v_high, total = 0, cardinality(any_nos) < p_need) b
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
    v_all_found := v_seen @> v_t.walked;
    exit when v_low = 0 or (cardinality(nos) >= p_need and total > p_cap and v_all_found);
    -- A unit not matched yet, and matched nowhere in the bands left: the walk ends here. (Not
    -- asked when the caller knows every unit matches somewhere, p_present, nor of a lone unit,
    -- where reading on costs what the answer would.)
    if not v_all_found and not p_present and v_walked > 1 then
      v_seen := v_seen | app_hidden.search_walk_below(v_t.walked - v_seen, v_t.unit, v_t.alt, v_t.term, v_t.size,
                                                       v_t.filter_grp, v_t.filter_term, v_t.groups, v_low);
      v_all_found := v_seen @> v_t.walked;
      exit when not v_all_found;
    end if;
    -- The meet only while no match of every unit is found: where the units do meet, probing
    -- them band by band costs more than reading them (3x for "trailer launch and retrieval").
    v_meet := v_walked > 0 and total = 0 and cardinality(any_nos) >= p_need and any_total > p_cap;
    if v_meet then
      v_order := array(select i from unnest(v_t.walked) i order by v_unit_n[i], i);
    end if;
    v_high := v_low - 1;
    v_low := app_hidden.search_walk_chunk(v_low, v_walked, total, any_total, p_cap);
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
