-- A contractor joins (p_delta 1) or leaves (-1) the directory's city p_city: its count moves;
-- joining adds p_state to the city's states (null as ''), leaving drops none (0040: the list may
-- hold a state too many until recount_directory, never one too few); the last to leave drops the
-- city.
CREATE OR REPLACE FUNCTION app_private.add_directory_city(p_city text, p_state text, p_delta integer)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    with bumped as (
      insert into app_private.directory_cities as d (city, active_contractors, states)
      select p_city, p_delta, array[coalesce(p_state, '')] where p_city is not null and p_delta > 0
      on conflict (city) do update
        set active_contractors = d.active_contractors + excluded.active_contractors,
            states = array(select distinct s from unnest(d.states || excluded.states) s order by s)
      returning 1
    ), lowered as (
      update app_private.directory_cities set active_contractors = active_contractors + p_delta
       where city = p_city and p_delta < 0 and active_contractors + p_delta > 0
      returning 1
    )
    delete from app_private.directory_cities
     where city = p_city and p_delta < 0 and active_contractors + p_delta <= 0
  $function$;
comment on function app_private.add_directory_city(text,text,integer) is null;
revoke all on function app_private.add_directory_city(text,text,integer) from public, marine_anonymous, marine_agent, marine_admin;
