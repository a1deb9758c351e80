-- The specialty filter as a predicate on contractors c, with the specialty id in parameter $n:
-- one definition for every search that filters by specialty.
CREATE OR REPLACE FUNCTION app_hidden.specialty_predicate(p_parameter integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select format(' and exists (select 1 from app_public.contractor_specialties cs'
                  ' where cs.contractor_id = c.id and cs.specialty_id = $%s)', p_parameter)
  $function$;
comment on function app_hidden.specialty_predicate(integer) is 'The specialty filter of the searches, as SQL text for dynamic queries.';
revoke all on function app_hidden.specialty_predicate(integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.specialty_predicate(integer) to marine_anonymous;
