CREATE OR REPLACE FUNCTION app_private.recount_directory()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.recount_ratings_and_specialties();
    delete from app_private.directory_cities;
    insert into app_private.directory_cities (city, active_contractors)
    select city, count(*) from app_public.contractors where is_active and city is not null group by city;
    update app_public.contractors c set specialty_slugs = n.slugs
      from (select cs.contractor_id, array_agg(s.slug order by s.slug) as slugs
              from app_public.contractor_specialties cs join app_public.specialties s on s.id = cs.specialty_id
             group by cs.contractor_id) n
     where c.id = n.contractor_id and c.specialty_slugs is distinct from n.slugs;
    select app_private.refresh_search_words();
    select app_private.refresh_search_postings();
  $function$;
comment on function app_private.recount_directory() is 'Recomputes every derived value (ratings, specialty counts and slugs, city list, search words and postings) after a bulk load.';
revoke all on function app_private.recount_directory() from public, marine_anonymous, marine_agent, marine_admin;
