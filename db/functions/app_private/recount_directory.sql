CREATE OR REPLACE FUNCTION app_private.recount_directory()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_ratings_and_specialties();
    delete from app_private.directory_cities;
    insert into app_private.directory_cities (city, active_contractors)
    select city, count(*) from app_public.contractors where is_active and city is not null group by city;
    select app_private.refresh_specialty_slugs(array(select c.id from app_public.contractors c));
    select app_private.refresh_search_words();
    select app_private.refresh_search_postings();
  $function$;
comment on function app_private.recount_directory() is 'Recomputes every derived value (ratings, specialty counts, slugs and list items, city list, search words and postings) after a bulk load.';
revoke all on function app_private.recount_directory() from public, marine_anonymous, marine_agent, marine_admin;
