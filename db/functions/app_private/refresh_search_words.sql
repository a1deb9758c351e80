-- Every word of the directory, the specialties and the vocabulary, into the search words (after a
-- bulk load). The contractors' texts are made distinct before they are split into words: most
-- repeat (services, places, taglines), so the split reads a fraction of them.
CREATE OR REPLACE FUNCTION app_private.refresh_search_words()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select app_private.add_search_words(array(
      select distinct t from app_public.contractors c, unnest(app_private.contractor_word_texts(c)) t where c.is_active
      union all select s.name from app_public.specialties s
      union all select v.term from app_private.search_vocabulary v));
  $function$;
comment on function app_private.refresh_search_words() is 'Adds every word of the directory, the specialties and the vocabulary to the search words.';
revoke all on function app_private.refresh_search_words() from public, marine_anonymous, marine_agent, marine_admin;
