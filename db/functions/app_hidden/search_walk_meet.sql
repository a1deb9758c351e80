-- The matches of every unit of p_order in the bands p_low..p_high under the filters, best band
-- first (search_walk, once only the matches of every unit are left to find; docs/search.md,
-- "The walk"). The units are taken in turn: each is probed only in the bands where the ones
-- before it still meet, each of its postings cut to their matches there. In the order search_walk
-- gives, rarest first, units that never meet are dropped after the second or third, where reading
-- every band of every unit is what made such a query dear.
-- The terms (p_unit, p_alt, p_term, p_size) and the filter groups (p_filter_grp, p_filter_term,
-- p_groups) are search_walk's: an alternative's terms all match, a unit is any of its
-- alternatives, a filter group is any of its terms. In no order: a SQL function its callers
-- inline (they run it as its owner, with their settings), so `exists` over it stops at the first
-- band found, and a caller that walks the bands orders them.
CREATE OR REPLACE FUNCTION app_hidden.search_walk_meet(p_unit integer[], p_alt integer[], p_term text[], p_size integer[], p_filter_grp integer[], p_filter_term text[], p_groups integer, p_order integer[], p_low smallint, p_high smallint)
 RETURNS TABLE(band smallint, ids integer[])
 LANGUAGE sql
 STABLE
AS $function$
    with recursive terms as (
      select t.unit, t.alt, t.term, t.size from unnest(p_unit, p_alt, p_term, p_size) as t(unit, alt, term, size)
    ), turns as (
      select o.unit, o.turn::integer as turn from unnest(p_order) with ordinality as o(unit, turn)
    ), meet(turn, band, ids) as (
      -- The start: with filters, their matches (turn 0); without, the first unit's (turn 1),
      -- from one scan of each of its terms' postings over the bands.
      select 0, f.band, f.ids from app_hidden.search_filter_bands(p_filter_grp, p_filter_term, p_groups, p_low, p_high) f where p_groups > 0
      union all
      select 1, a.band, app_private.union_of(a.ids)
        from (select p.band, app_private.intersection(p.contractors) as ids
                from terms t join app_private.search_postings p on p.term = t.term and p.band between p_low and p_high
               where p_groups = 0 and t.unit = p_order[1]
               group by p.band, t.alt
              having count(*) = max(t.size)) a
       group by a.band
      union all
      -- The next unit, in the bands still met only, each posting cut to the matches so far.
      select m.turn + 1, m.band, m.ids & x.ids
        from meet m join turns u on u.turn = m.turn + 1
        cross join lateral (
          select app_private.union_of(a.ids) as ids
            from (select app_private.intersection(p.contractors & m.ids) as ids
                    from terms t join app_private.search_postings p on p.term = t.term and p.band = m.band
                   where t.unit = u.unit
                   group by t.alt
                  having count(*) = max(t.size)) a) x
       where icount(m.ids & x.ids) > 0
    )
    select m.band, m.ids from meet m where m.turn = cardinality(p_order) and icount(m.ids) > 0
$function$;
comment on function app_hidden.search_walk_meet(integer[],integer[],text[],integer[],integer[],text[],integer,integer[],smallint,smallint) is 'The text search''s walk once only matches of every unit are left to find: the bands where the units meet, unit by unit (docs/search.md).';
revoke all on function app_hidden.search_walk_meet(integer[],integer[],text[],integer[],integer[],text[],integer,integer[],smallint,smallint) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_walk_meet(integer[],integer[],text[],integer[],integer[],text[],integer,integer[],smallint,smallint) to marine_anonymous;
