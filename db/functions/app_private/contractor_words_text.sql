CREATE OR REPLACE FUNCTION app_private.contractor_words_text(c app_public.contractors)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select concat_ws(' ', c.name, app_hidden.join_text(c.services), c.marina, c.city, c.location_text, c.tagline)
  $function$;
comment on function app_private.contractor_words_text(app_public.contractors) is 'The text of a contractor whose words typos are corrected to (not the about text: prose adds noise).';
revoke all on function app_private.contractor_words_text(app_public.contractors) from public, marine_anonymous, marine_agent, marine_admin;
