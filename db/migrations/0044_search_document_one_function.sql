-- Up Migration
-- The search document in one function, PL/pgSQL, with the same content and weights as before.
-- It was three SQL functions (contractor_search_document over contractor_document over
-- join_text), none of which PostgreSQL could inline: join_text's array_to_string is only
-- STABLE, and the specialty tokens were a subquery. So every insert or document change of a
-- contractor started two nested executors (87-105 us a document against 69-78 here, 100,000
-- documents timed; docs/performance.md, "The search document in one function").
-- contractor_document and join_text had no other caller: dropped.
--
-- Nothing stored changes: the function returns the same tsvector for every input (the specialty
-- tokens are the same quote_literal text, a space after each instead of between them, which
-- tsvector input reads alike; a null slug adds nothing, as string_agg skipped it). The check at
-- the end holds every stored document equal to the new function's before the migration commits.

-- A contractor's searchable document and its weights: name and one 'specialty_<slug>' token per
-- specialty A (no word the english parser produces contains '_', so the tokens never meet a
-- typed word); services, marina and location B; tagline and about C. One PL/pgSQL function: a
-- SQL one here cannot be inlined (array_to_string is only STABLE; the tokens need a loop or a
-- subquery), and then starts an executor for every document it builds.
create or replace function app_hidden.contractor_search_document(
  p_name text, p_services text[], p_marina text, p_city text, p_state text, p_location_text text,
  p_tagline text, p_about text, p_specialty_slugs text[]
) returns tsvector
  language plpgsql immutable parallel safe
  set search_path to pg_catalog, pg_temp
  as $$
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
$$;
comment on function app_hidden.contractor_search_document(text, text[], text, text, text, text, text, text, text[]) is
  'A contractor''s search document: name and a specialty_<slug> token per specialty (A); services, marina, location (B); tagline and about (C).';

drop function app_hidden.contractor_document(text, text[], text, text, text, text, text, text);
drop function app_hidden.join_text(text[]);

do $$
declare
  v_differ bigint;
begin
  select count(*) into v_differ
    from app_public.contractors c
   where c.search is distinct from app_hidden.contractor_search_document(
           c.name, c.services, c.marina, c.city, c.state, c.location_text, c.tagline, c.about, c.specialty_slugs);
  if v_differ > 0 then
    raise exception '% stored search documents differ from the new function''s', v_differ;
  end if;
end
$$;
