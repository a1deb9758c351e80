-- A contractor's searchable document and its weights: name and one 'specialty_<slug>' token per
-- specialty A (no word the english parser produces contains '_', so the tokens never meet a
-- typed word); services, marina and location B; tagline and about C. One PL/pgSQL function: a
-- SQL one here cannot be inlined (array_to_string is only STABLE; the tokens need a loop or a
-- subquery), and then starts an executor for every document it builds.
CREATE OR REPLACE FUNCTION app_hidden.contractor_search_document(p_name text, p_services text[], p_marina text, p_city text, p_state text, p_location_text text, p_tagline text, p_about text, p_specialty_slugs text[])
 RETURNS tsvector
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
declare
  v_specialties text := '';  -- one 'specialty_<slug>':1A token per specialty
  v_slug text;
begin
  foreach v_slug in array coalesce(p_specialty_slugs, '{}') loop
    continue when v_slug is null;
    v_specialties := v_specialties || quote_literal('specialty_' || v_slug) || ':1A ';
  end loop;
  return setweight(to_tsvector('english'::regconfig, p_name), 'A') ||
    setweight(to_tsvector('english'::regconfig,
      array_to_string(p_services, ' ') || ' ' || coalesce(p_marina, '') || ' ' ||
      coalesce(p_city, '') || ' ' || coalesce(p_state, '') || ' ' || coalesce(p_location_text, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(p_tagline, '') || ' ' || coalesce(p_about, '')), 'C') ||
    v_specialties::tsvector;
end
$function$;
comment on function app_hidden.contractor_search_document(text,text[],text,text,text,text,text,text,text[]) is 'A contractor''s search document: name and a specialty_<slug> token per specialty (A); services, marina, location (B); tagline and about (C).';
revoke all on function app_hidden.contractor_search_document(text,text[],text,text,text,text,text,text,text[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_search_document(text,text[],text,text,text,text,text,text,text[]) to marine_anonymous;
