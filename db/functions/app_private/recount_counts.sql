-- The first part of recount_directory: everything the search postings and words do not hold.
-- The postings read the ratings it writes (their band), so it runs before them.
CREATE OR REPLACE FUNCTION app_private.recount_counts()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_ratings_and_specialties();
    delete from app_private.directory_cities;
    insert into app_private.directory_cities (city, active_contractors, states)
    select city, count(*), array_agg(distinct coalesce(state, '') order by coalesce(state, ''))
      from app_public.contractors where is_active and city is not null group by city;
    select app_private.refresh_specialty_slugs(array(select c.id from app_public.contractors c));
    -- A load may write search_no itself (the seed does, so a load split over connections numbers
    -- as one does): the identity then goes on after the highest.
    select setval(pg_get_serial_sequence('app_public.contractors', 'search_no'), coalesce(max(c.search_no), 1), max(c.search_no) is not null)
      from app_public.contractors c;
  $function$;
comment on function app_private.recount_counts() is 'Recomputes ratings, specialty counts, the city list, specialty lists and the search number''s next value after a bulk load.';
revoke all on function app_private.recount_counts() from public, marine_anonymous, marine_agent, marine_admin;
