-- The first part of recount_directory: everything the search postings and words do not hold.
-- The postings read the ratings it writes (their band) and the lists' specialty tokens, so it
-- runs before them.
CREATE OR REPLACE FUNCTION app_private.recount_counts()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_tallies();
    select app_private.refresh_specialty_slugs(array(select c.id from app_public.contractors c));
  $function$;
comment on function app_private.recount_counts() is 'Recomputes ratings, specialty counts, the city list, specialty lists and the search number''s next value after a bulk load.';
revoke all on function app_private.recount_counts() from public, marine_anonymous, marine_agent, marine_admin;
