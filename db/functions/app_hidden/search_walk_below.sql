-- Of the units p_missing, those that match in a band below p_low under the filters (search_walk,
-- after a chunk that did not find them all: a unit matched nowhere in the bands left ends the
-- walk). First whether one of its alternatives has every term posted in those bands at all: a
-- unit posted only in the bands read has none there, and the meet would probe each band; then
-- the meet over those bands for that unit alone, which stops at the first band found. The terms
-- and filter groups are search_walk_terms'.
CREATE OR REPLACE FUNCTION app_hidden.search_walk_below(p_missing integer[], p_unit integer[], p_alt integer[], p_term text[], p_size integer[], p_filter_grp integer[], p_filter_term text[], p_groups integer, p_low smallint)
 RETURNS integer[]
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
begin
  return array(select i from unnest(p_missing) i
                where exists (select from unnest(p_unit, p_alt, p_term) t(unit, alt, term)
                               where t.unit = i
                               group by t.alt
                              having bool_and(exists (select from app_private.search_postings p
                                                       where p.term = t.term and p.band < p_low)))
                  and exists (select from app_hidden.search_walk_meet(p_unit, p_alt, p_term, p_size, p_filter_grp, p_filter_term,
                                                                       p_groups, array[i], 0::smallint, (p_low - 1)::smallint)));
end
$function$;
comment on function app_hidden.search_walk_below(integer[],integer[],integer[],text[],integer[],integer[],text[],integer,smallint) is 'Of a text search''s units not found yet, those that match in the rating bands below a chunk (search_walk; docs/search.md).';
revoke all on function app_hidden.search_walk_below(integer[],integer[],integer[],text[],integer[],integer[],text[],integer,smallint) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_walk_below(integer[],integer[],integer[],text[],integer[],integer[],text[],integer,smallint) to marine_anonymous;
