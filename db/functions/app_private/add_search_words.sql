-- The directory's words: filled here and by recount_directory(), kept by a statement trigger.
CREATE OR REPLACE FUNCTION app_private.add_search_words(p_texts text[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    insert into app_private.search_words (word)
    select distinct w from unnest(p_texts) t, app_hidden.text_words(t) w
    on conflict do nothing;
  $function$;
comment on function app_private.add_search_words(text[]) is 'Adds the words of these texts to the search words.';
revoke all on function app_private.add_search_words(text[]) from public, marine_anonymous, marine_agent, marine_admin;
