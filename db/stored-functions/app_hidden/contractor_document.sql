-- The search document in one place, for the tsvector and its signature (a generated column
-- cannot read another generated column). Same content and weights as 0002's expression.
CREATE OR REPLACE FUNCTION app_hidden.contractor_document(p_name text, p_services text[], p_marina text, p_city text, p_state text, p_location_text text, p_tagline text, p_about text)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select setweight(to_tsvector('english'::regconfig, p_name), 'A') ||
      setweight(to_tsvector('english'::regconfig,
        app_hidden.join_text(p_services) || ' ' || coalesce(p_marina, '') || ' ' ||
        coalesce(p_city, '') || ' ' || coalesce(p_state, '') || ' ' || coalesce(p_location_text, '')), 'B') ||
      setweight(to_tsvector('english'::regconfig, coalesce(p_tagline, '') || ' ' || coalesce(p_about, '')), 'C')
  $function$;
comment on function app_hidden.contractor_document(text,text[],text,text,text,text,text,text) is 'A contractor''s full-text document: name (A); services, marina, location (B); tagline and about (C).';
revoke all on function app_hidden.contractor_document(text,text[],text,text,text,text,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.contractor_document(text,text[],text,text,text,text,text,text) to marine_anonymous;
