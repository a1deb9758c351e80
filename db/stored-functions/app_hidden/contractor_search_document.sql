-- The search document gains one token per specialty, 'specialty_<slug>' at weight A: no word
-- the english parser produces contains '_', so the tokens never meet a typed word.
CREATE OR REPLACE FUNCTION app_hidden.contractor_search_document(p_name text, p_services text[], p_marina text, p_city text, p_state text, p_location_text text, p_tagline text, p_about text, p_specialty_slugs text[])
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select app_hidden.contractor_document(p_name, p_services, p_marina, p_city, p_state, p_location_text, p_tagline, p_about) ||
      coalesce((select string_agg(quote_literal('specialty_' || s) || ':1A', ' ') from unnest(p_specialty_slugs) s), '')::tsvector
  $function$;
comment on function app_hidden.contractor_search_document(text,text[],text,text,text,text,text,text,text[]) is 'A contractor''s search document: contractor_document() plus a specialty_<slug> token (A) per specialty.';
revoke all on function app_hidden.contractor_search_document(text,text[],text,text,text,text,text,text,text[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_search_document(text,text[],text,text,text,text,text,text,text[]) to marine_anonymous;
