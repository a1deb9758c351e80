CREATE OR REPLACE FUNCTION app_private.refresh_search_words()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.add_search_words(array(
      select app_private.contractor_words_text(c) from app_public.contractors c where c.is_active
      union all select s.name from app_public.specialties s
      union all select v.term from app_private.search_vocabulary v));
  $function$;
comment on function app_private.refresh_search_words() is 'Adds every word of the directory, the specialties and the vocabulary to the search words.';
revoke all on function app_private.refresh_search_words() from public, marine_anonymous, marine_agent, marine_admin;
