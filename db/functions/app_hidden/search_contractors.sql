-- Contractor search (GET /api/v1/public/contractors/search; docs/search.md, where each stage and
-- ranking rule is described with its function and test). The stages, in order:
--   place      search_place: a state or city named in q becomes a filter and leaves q;
--   words      search_terms: q's units (at most search_unit_bound()), their tsqueries; without
--              q there are none, and the filters' matches come in rated order;
--   candidates search_walk over the rating-banded postings: which units match anything under the
--              filters (the others are ignored), the count up to the cap, and the best-rated
--              matches in rank order; with no match of every kept unit, any of them (soft);
--   top tier   search_top_tier: when every unit matches in the name or as a specialty for a
--              whole page, that is the page, in rated order; else a bound on every key;
--   rank       search_rank: the best-rated v_window matches (and an exact name)
--              keyed by the ranking rules, and the page after the cursor, read in ranges
--              until the page has the bound; under soft matching only those with enough
--              units matched to reach the page.
CREATE OR REPLACE FUNCTION app_hidden.search_contractors(p_q text, p_specialty text, p_city text, p_state text, p_sort text, p_limit integer, p_offset integer DEFAULT 0, p_after_key numeric[] DEFAULT NULL::numeric[], p_after_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(contractors json, total integer, total_exact boolean, next json, ignored_words text[], corrections json, place json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
declare
  -- Totals are exact up to v_cap matches (Elasticsearch's track_total_hits), beyond it a lower
  -- bound with total_exact false; when the top tier does not fill the page, the best-rated
  -- v_window matches are ranked: the work of ranking grows with it (docs/decisions.md "Relevance").
  v_cap constant integer := 10000;
  v_window constant integer := 1000;
  v_bound constant integer := app_hidden.search_unit_bound();
  v_need constant integer := p_offset + p_limit + 1;
  v_terms record;
  v_place json;
  v_ignored text[] := '{}';
  v_keep boolean[];
  v_kept boolean[];    -- the units kept before a walk: those it did not find are the ignored ones
  v_walk record;
  v_soft boolean := false;
  v_after_no integer;
  v_after_band smallint := (p_after_key[cardinality(p_after_key)] * 100)::smallint;
  v_after_units numeric;  -- under soft matching, the cursor's units matched (rule 2)
  v_least_units integer;  -- and the fewest units a row may have to reach the page
  v_nos integer[];     -- the page and one more row, in order
  v_keys jsonb[];      -- their keys
  v_best numeric[];    -- without a top tier, its bound on every match's key (search_rank stops on it)
begin
  if p_sort not in ('relevance', 'rating') then
    raise exception 'Unknown sort %', p_sort using errcode = '22023';
  end if;
  if p_q is not null then
    select w.q, w.city, w.state, w.place into p_q, p_city, p_state, v_place from app_hidden.search_place(p_q, p_city, p_state) w;
  end if;
  if p_specialty is not null then
    perform app_hidden.specialty_id_for_filter(p_specialty, 'specialty');
  end if;
  v_terms := app_hidden.search_terms(p_q);
  if p_q is null then
    p_sort := 'rating';  -- without text, the filters' matches in rated order
  elsif cardinality(v_terms.typed) = 0 then
    return query select '[]'::json, 0, true, null::json, '{}'::text[], v_terms.corrections, v_place;  -- stop words only
    return;
  end if;
  -- The word bound: units after the first search_unit_bound() are not matched, and said to be.
  v_ignored := coalesce(v_terms.typed[v_bound + 1:], '{}');
  v_keep := array(select i <= v_bound from generate_subscripts(v_terms.typed, 1) i);
  if p_after_id is not null then
    v_after_no := coalesce((select c.search_no from app_public.contractors c where c.id = p_after_id), 0);
  end if;

  -- Candidates: units that match nothing under the filters are ignored (the walk leaves out those
  -- posted nowhere, and is done again without the others); then the matches of all kept units, or,
  -- when none matches them all, of any. With sort=rating the walk's matches are the page.
  for v_pass in 1..2 loop
    v_walk := app_hidden.search_walk(v_terms.q1, v_keep, p_specialty, p_city, p_state,
                                     case when p_sort = 'rating' then v_need else v_window end, v_cap,
                                     case when p_sort = 'rating' then v_after_band end, v_after_no, v_pass = 2);
    if false = any(v_walk.unit_found) then
      v_kept := v_keep;
      v_keep := array(select v_keep[i] and coalesce(v_walk.unit_found[k.n], false)
                        from generate_subscripts(v_keep, 1) i
                        left join (select j, row_number() over (order by j) as n
                                     from generate_subscripts(v_keep, 1) j where v_keep[j]) k on k.j = i);
      v_ignored := v_ignored || array(select v_terms.typed[i] from generate_subscripts(v_keep, 1) i where v_kept[i] and not v_keep[i]);
      if not (true = any(v_keep)) then
        return query select '[]'::json, 0, true, null::json, v_ignored, v_terms.corrections, v_place;
        return;
      end if;
    end if;
    exit when v_walk.complete;
  end loop;
  if v_walk.total = 0 and v_walk.any_total > 0 then
    v_soft := true;
    v_walk.nos := v_walk.any_nos; v_walk.bands := v_walk.any_bands; v_walk.total := v_walk.any_total;
    if p_sort = 'relevance' then
      -- Rule 2 (units matched) comes before every rule but an exact name, and the walk counted
      -- each soft match's units: only the rows with enough of them to reach the page are ranked
      -- (the window of 1,000 at the bound kept 30-80 rows). After a cursor's key (not an exact
      -- name's), its units: every row with as many, and of those with fewer, the page's worth.
      v_after_units := case when p_after_key[1] = 0 then p_after_key[2] end;
      v_least_units := coalesce((select u from unnest(v_walk.any_units) u
                                  where v_after_units is null or u < v_after_units
                                  order by u desc offset v_need - 1 limit 1), 0);
      select coalesce(array_agg(w.no order by w.i), '{}'), coalesce(array_agg(w.band order by w.i), '{}')
        into v_walk.nos, v_walk.bands
        from unnest(v_walk.any_nos, v_walk.any_bands, v_walk.any_units) with ordinality as w(no, band, units, i)
       where w.units >= v_least_units and (v_after_units is null or w.units <= v_after_units);
    end if;
  end if;

  if p_sort = 'rating' then
    v_nos := v_walk.nos[p_offset + 1:];
    v_keys := array(select jsonb_build_array((b / 100.0)::numeric(3,2)) from unnest(v_walk.bands[p_offset + 1:]) b);
  elsif not v_soft then
    select t.nos, t.keys, t.best into v_nos, v_keys, v_best
      from app_hidden.search_top_tier(v_walk.nos, v_walk.bands, v_walk.total, p_q, v_terms.qa, v_terms.qe, v_terms.q3, v_keep, p_specialty, p_city, p_state,
                                      p_after_key, v_after_band, v_after_no, v_need, p_offset) t;
  end if;
  if v_nos is null then
    select array_agg(r.search_no order by r.n), array_agg(to_jsonb(r.key) order by r.n) into v_nos, v_keys
      from (select k.search_no, k.key, row_number() over () as n
              from app_hidden.search_window(v_walk.nos, v_walk.bands, p_q, p_specialty, p_city, p_state) w,
                   app_hidden.search_rank(w.nos, w.bands, v_terms.q1, v_terms.qe, v_terms.q2, v_terms.q3, v_keep, v_soft,
                                          app_hidden.name_key(p_q), p_sort, p_after_key, v_after_no, p_limit, p_offset, v_best) k) r;
  end if;
  v_nos := coalesce(v_nos, '{}');

  if v_soft then
    -- Under soft matching, the kept units the first result does not match are said to be ignored.
    v_ignored := v_ignored || array(select v_terms.typed[i] from generate_subscripts(v_keep, 1) i
                        where v_keep[i] and not exists (select from app_public.contractors c
                                                         where c.search_no = v_nos[1] and c.search @@ v_terms.q1[i]));
  end if;
  return query
    select coalesce((select json_agg(app_hidden.contractor_list_item(c) order by p.n)
                       from unnest(v_nos[1:p_limit]) with ordinality as p(no, n)
                       join app_public.contractors c on c.search_no = p.no), '[]'),
           least(v_walk.total, v_cap), v_walk.total <= v_cap,
           case when cardinality(v_nos) > p_limit
                then json_build_object('key', v_keys[p_limit], 'id', (select c.id from app_public.contractors c where c.search_no = v_nos[p_limit])) end,
           v_ignored, v_terms.corrections, v_place;
end
$function$;
comment on function app_hidden.search_contractors(text,text,text,text,text,integer,integer,numeric[],uuid) is 'Contractor search by text (most relevant first, or by rating), specialty, city and state; see GET /api/v1/public/contractors/search.';
revoke all on function app_hidden.search_contractors(text,text,text,text,text,integer,integer,numeric[],uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_contractors(text,text,text,text,text,integer,integer,numeric[],uuid) to marine_anonymous;
