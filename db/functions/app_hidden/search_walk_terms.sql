-- What a search's walk reads (search_walk, before its first band; docs/search.md "The walk"):
-- the filters' terms as groups (a group is any of its terms, a match is in every group), the kept
-- units' terms (search_unit_terms: unit, alternative, term and the alternative's number of terms,
-- as parallel arrays), and the units walked. Within a state the terms are the state's own
-- postings ('FL:diesel'), which hold the state filter: its group is left out. So is it under a
-- city whose contractors are all in one state (the directory's cities list their states, 0040),
-- with the city group kept: a state's postings are smaller than the nation's, and a city's
-- matches are all in them. A unit none of whose alternatives has every term posted somewhere
-- matches nothing whatever the bands: it is not walked (a town of another state under a city, most
-- of the units the bound's queries lose), where finding it missing after the first chunk cost a
-- walk. Not asked of a lone unit, nor when the caller knows every unit matches (p_present).
-- With neither a unit nor a filter, the one group is 'all:', every active contractor.
CREATE OR REPLACE FUNCTION app_hidden.search_walk_terms(p_units tsquery[], p_keep boolean[], p_specialty text, p_city text, p_state text, p_present boolean)
 RETURNS TABLE(filter_grp integer[], filter_term text[], groups integer, unit integer[], alt integer[], term text[], size integer[], walked integer[])
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
declare
  v_units constant integer := (select count(*) from unnest(p_keep) k where k);
  v_state constant text := coalesce(upper(p_state),
    (select min(s) from app_private.directory_cities d, unnest(d.states) s
      where p_city is not null and d.city ilike app_hidden.like_pattern(p_city)
     having count(distinct s) = 1 and min(s) <> ''));
  v_in_state constant boolean := v_state is not null and v_units > 0;
begin
  select coalesce(array_agg(f.grp), '{}'), coalesce(array_agg(f.term), '{}'), count(distinct f.grp)
    into filter_grp, filter_term, groups
    from app_hidden.search_filter_terms(p_specialty, p_city, p_state) f
   where not (v_in_state and f.term like 'state:%');
  if v_units = 0 and groups = 0 then
    filter_grp := '{0}'; filter_term := '{all:}';
  end if;
  select coalesce(array_agg(t.unit), '{}'), coalesce(array_agg(t.alt), '{}'),
         coalesce(array_agg(case when v_in_state then v_state || ':' else '' end || t.term), '{}'),
         coalesce(array_agg(t.size), '{}')
    into unit, alt, term, size
    from (select u.*, count(*) over (partition by u.unit, u.alt) as size from app_hidden.search_unit_terms(p_units, p_keep) u) t;
  walked := array(select generate_series(1, v_units));
  if v_units > 1 and not p_present then
    walked := array(select a.unit
                      from (select t.unit, bool_and(exists (select from app_private.search_postings p where p.term = t.term)) as posted
                              from unnest(unit, alt, term) t(unit, alt, term) group by t.unit, t.alt) a
                     group by a.unit having bool_or(a.posted) order by a.unit);
    if cardinality(walked) < v_units then
      select coalesce(array_agg(t.unit), '{}'), coalesce(array_agg(t.alt), '{}'), coalesce(array_agg(t.term), '{}'), coalesce(array_agg(t.size), '{}')
        into unit, alt, term, size
        from unnest(unit, alt, term, size) t(unit, alt, term, size) where t.unit = any(walked);
    end if;
  end if;
  return next;
end
$function$;
comment on function app_hidden.search_walk_terms(tsquery[],boolean[],text,text,text,boolean) is 'What a text search''s walk reads: the filters'' terms as groups, the kept units'' terms (in a state''s postings where one state holds every match), and the units walked (docs/search.md).';
revoke all on function app_hidden.search_walk_terms(tsquery[],boolean[],text,text,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_walk_terms(tsquery[],boolean[],text,text,text,boolean) to marine_anonymous;
