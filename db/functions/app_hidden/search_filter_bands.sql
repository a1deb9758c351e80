-- A text search's filters in the rating bands p_low..p_high (search_walk, search_walk_meet): in
-- each band, the contractors in every one of the p_groups groups, a group being any of its terms
-- (search_filter_terms' groups as parallel arrays). Read first: each unit's postings are cut to
-- these before they are combined, so a narrow filter keeps every later step small. A SQL
-- function its callers inline: their query is planned as one, with their settings.
CREATE OR REPLACE FUNCTION app_hidden.search_filter_bands(p_filter_grp integer[], p_filter_term text[], p_groups integer, p_low smallint, p_high smallint)
 RETURNS TABLE(band smallint, ids integer[])
 LANGUAGE sql
 STABLE
AS $function$
    select g.band, app_private.intersection(g.ids)
      from (select p.band, f.grp, app_private.union_of(p.contractors) as ids
              from unnest(p_filter_grp, p_filter_term) as f(grp, term)
              join app_private.search_postings p on p.term = f.term and p.band between p_low and p_high
             group by p.band, f.grp) g
     group by g.band
    having count(*) = p_groups
$function$;
comment on function app_hidden.search_filter_bands(integer[],text[],integer,smallint,smallint) is 'A text search''s filters in a range of rating bands: the contractors in every filter group, band by band (search_walk).';
revoke all on function app_hidden.search_filter_bands(integer[],text[],integer,smallint,smallint) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_filter_bands(integer[],text[],integer,smallint,smallint) to marine_anonymous;
