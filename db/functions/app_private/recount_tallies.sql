-- recount_counts but the specialty lists: the ratings and specialty counts, the city list and
-- the search number's next value. Apart so that the seed's load over several connections can
-- check the lists in shares of contractors (scripts/seed/load.ts, recount, says why).
CREATE OR REPLACE FUNCTION app_private.recount_tallies()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_ratings_and_specialties();
    delete from app_private.directory_cities;
    insert into app_private.directory_cities (city, active_contractors, states)
    select city, count(*), array_agg(distinct coalesce(state, '') order by coalesce(state, ''))
      from app_public.contractors where is_active and city is not null group by city;
    -- A load may write search_no itself (the seed does, so a load split over connections numbers
    -- as one does): the identity then goes on after the highest.
    select setval(pg_get_serial_sequence('app_public.contractors', 'search_no'), coalesce(max(c.search_no), 1), max(c.search_no) is not null)
      from app_public.contractors c;
  $function$;
comment on function app_private.recount_tallies() is 'recount_counts but the specialty lists: ratings, specialty counts, the city list and the search number''s next value.';
revoke all on function app_private.recount_tallies() from public, marine_anonymous, marine_agent, marine_admin;
