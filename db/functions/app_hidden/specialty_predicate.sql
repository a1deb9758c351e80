-- The specialty filter as a predicate on contractors c, with the specialty's slug (checked by
-- specialty_id_for_filter) in parameter $n: one definition for every search that filters by
-- specialty. It reads the row's own specialty_slugs (kept from its links, 0015), not a probe of
-- contractor_specialties per row, so a city's rated index that carries them (0025) counts a
-- specialty in a city from the index alone.
CREATE OR REPLACE FUNCTION app_hidden.specialty_predicate(p_parameter integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select format(' and c.specialty_slugs @> array[$%s::text]', p_parameter)
  $function$;
comment on function app_hidden.specialty_predicate(integer) is 'The specialty filter of the searches, as SQL text for dynamic queries.';
revoke all on function app_hidden.specialty_predicate(integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.specialty_predicate(integer) to marine_anonymous;
