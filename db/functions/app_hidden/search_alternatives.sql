-- OR of tsquery fragments written with weight placeholders: '{:w}' after a lexeme becomes
-- ':<weights>' (or nothing). Specialty tokens are weight A in every document, so a restriction
-- to A or AB keeps them. Empty: a query that matches nothing.
CREATE OR REPLACE FUNCTION app_hidden.search_alternatives(p_fragments text[], p_weights text)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select case when cardinality(p_fragments) = 0 then '''specialty_''':: tsquery
      else array_to_string(array(select distinct '(' || replace(f, '{:w}', case when p_weights = '' then '' else ':' || p_weights end) || ')'
                                  from unnest(p_fragments) f), ' | ')::tsquery end
  $function$;
comment on function app_hidden.search_alternatives(text[], text) is 'OR of tsquery fragments with their weight placeholders filled in (search_terms).';
revoke all on function app_hidden.search_alternatives(text[], text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_alternatives(text[], text) to marine_anonymous;
