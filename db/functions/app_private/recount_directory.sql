CREATE OR REPLACE FUNCTION app_private.recount_directory()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_ratings_and_specialties();
    delete from app_private.directory_cities;
    insert into app_private.directory_cities (city, active_contractors)
    select city, count(*) from app_public.contractors where is_active and city is not null group by city;
  $function$;
comment on function app_private.recount_directory() is 'Recomputes every derived count (ratings, specialty counts, city list) after a bulk load.';
revoke all on function app_private.recount_directory() from public, marine_anonymous, marine_agent, marine_admin;
