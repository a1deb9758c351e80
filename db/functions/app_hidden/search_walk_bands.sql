-- A chunk of the walk (search_walk; docs/search.md "The walk"): in each rating band p_low..p_high
-- where something matches, the matches of every walked unit (ids: a unit's contractors are the
-- union of its alternatives', an alternative's the intersection of its terms'), the units found
-- there and, while the walk has found no match of every unit (p_counting), their numbers of
-- matches (the meet's order), the matches of any unit (soft matching) and, while soft matches are
-- still taken (p_taking), each unit's matches, for their number of units. The terms and filter
-- groups are search_walk's (parallel arrays, read once for every chunk). A SQL function its
-- caller inlines (run as its owner, with its settings). Best band first: grouped in that order,
-- so the caller's `order by` sorts nothing (without it here, a sort of the chunk's rows and their
-- arrays made some two-word queries twice as dear). Without filters, when every alternative is one
-- term (most queries of several common words), a unit's matches in a band are the union of its
-- terms' posting rows there, so the chunk groups the posting rows by band and unit, then by band:
-- the general form's alternatives, one row long then, and its extra sorts made such a chunk about
-- half as dear again.
CREATE OR REPLACE FUNCTION app_hidden.search_walk_bands(p_unit integer[], p_alt integer[], p_term text[], p_size integer[], p_filter_grp integer[], p_filter_term text[], p_groups integer, p_walked integer, p_low smallint, p_high smallint, p_counting boolean, p_taking boolean)
 RETURNS TABLE(band smallint, ids integer[], units_found integer[], unit_counts integer[], any_ids integer[], unit_ids record[])
 LANGUAGE sql
 STABLE
AS $function$
    with filtered as (
      select * from app_hidden.search_filter_bands(p_filter_grp, p_filter_term, greatest(p_groups, 1), p_low, p_high)
    ), terms as (
      select t.unit, t.alt, t.term, t.size from unnest(p_unit, p_alt, p_term, p_size) as t(unit, alt, term, size)
    ), one_term_alternatives as (
      -- (every alternative one term, p_size its terms, without filters: the last query below)
      select p_groups = 0 and p_walked > 0 and 1 = all(p_size) as holds
    ), alternatives as (
      -- An alternative matches in a band where every one of its terms is posted. Without a
      -- filter, each term's bands in the chunk; with one, each band the filters match, and
      -- the term's posting in exactly that band (filtered drives the join: a join the other
      -- way round rescanned it for every posting, 45 of 50 ms for `diesel` in Annapolis at
      -- 1,000,000).
      select p.band, t.unit, app_private.intersection(p.contractors) as ids
        from terms t join app_private.search_postings p on p.term = t.term and p.band between p_low and p_high
       where p_groups = 0 and not (select o.holds from one_term_alternatives o)
       group by p.band, t.unit, t.alt
      having count(*) = max(t.size)
      union all
      select f.band, t.unit, app_private.intersection(p.contractors & f.ids) as ids
        from filtered f cross join terms t
        join app_private.search_postings p on p.term = t.term and p.band = f.band
       where p_groups > 0
       group by f.band, t.unit, t.alt
      having count(*) = max(t.size)
    ), unit_matches as (
      select a.band, a.unit, app_private.union_of(a.ids) as ids from alternatives a group by a.band, a.unit
      union all
      select f.band, 1, f.ids from filtered f where p_walked = 0
    )
    select m.band,
           case when count(*) filter (where icount(m.ids) > 0) = greatest(p_walked, 1)
                then app_private.intersection(m.ids) else '{}' end as ids,
           array_agg(m.unit) filter (where icount(m.ids) > 0) as units_found,
           array_agg(icount(m.ids)) filter (where icount(m.ids) > 0 and p_counting) as unit_counts,
           -- any unit: only with more than one
           app_private.union_of(m.ids) filter (where p_walked > 1 and p_counting) as any_ids,
           -- rows of one array each: the units' arrays differ in length
           array_agg(row(m.ids)) filter (where p_walked > 1 and p_counting and p_taking) as unit_ids
      from unit_matches m
     where not (select o.holds from one_term_alternatives o)
     group by m.band
    union all
    -- The same columns when every alternative is one term: a unit's matches in a band are the
    -- union of its terms' posting rows there (posting rows are never empty:
    -- change_search_postings deletes an emptied one).
    select u.band,
           case when count(*) = p_walked then app_private.intersection(u.ids) else '{}' end,
           array_agg(u.unit),
           array_agg(icount(u.ids)) filter (where p_counting),
           app_private.union_of(u.ids) filter (where p_walked > 1 and p_counting),
           array_agg(row(u.ids)) filter (where p_walked > 1 and p_counting and p_taking)
      from (select p.band, t.unit, app_private.union_of(p.contractors) as ids
              from terms t join app_private.search_postings p on p.term = t.term and p.band between p_low and p_high
             where (select o.holds from one_term_alternatives o)
             group by p.band, t.unit) u
     group by u.band
     order by band desc
$function$;
comment on function app_hidden.search_walk_bands(integer[],integer[],text[],integer[],integer[],text[],integer,integer,smallint,smallint,boolean,boolean) is 'A chunk of the text search''s walk: band by band, the matches of every unit, the units found, and while needed the soft matches (docs/search.md).';
revoke all on function app_hidden.search_walk_bands(integer[],integer[],text[],integer[],integer[],text[],integer,integer,smallint,smallint,boolean,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_walk_bands(integer[],integer[],text[],integer[],integer[],text[],integer,integer,smallint,smallint,boolean,boolean) to marine_anonymous;
