-- The texts of a contractor whose words typos are corrected to (app_private.search_words): its
-- name, services, marina and place, and tagline; not the about text (prose adds noise). Each
-- field apart, so a rebuild splits only the distinct texts (at 1,000,000 contractors 247,000 of
-- 9.5 million; at 100,000 the rebuild took 0.8 s against 5.0 for every contractor's joined text).
CREATE OR REPLACE FUNCTION app_private.contractor_word_texts(c app_public.contractors)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select array[c.name, c.marina, c.city, c.location_text, c.tagline] || c.services
  $function$;
comment on function app_private.contractor_word_texts(app_public.contractors) is 'The texts of a contractor whose words typos are corrected to (not the about text: prose adds noise).';
revoke all on function app_private.contractor_word_texts(app_public.contractors) from public, marine_anonymous, marine_agent, marine_admin;
