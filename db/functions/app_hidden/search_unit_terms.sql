-- The posting terms of a text search's units (search_terms' tsqueries), for search_walk: one row
-- per unit, alternative and term. Each unit's tsquery is an OR of alternatives, each an AND of
-- lexemes (search_alternatives writes nothing else); a lexeme restricted to weight A (qa) is
-- the term 'a:' || lexeme, the top tier's postings. Only the units p_keep keeps (all when null),
-- numbered 1..n in order.
CREATE OR REPLACE FUNCTION app_hidden.search_unit_terms(p_units tsquery[], p_keep boolean[] DEFAULT NULL::boolean[])
 RETURNS TABLE(unit integer, alt integer, term text)
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE ROWS 20
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
begin
  return query
    select (dense_rank() over (order by u.i))::integer,
           (u.i * 1000 + a.j)::integer,
           case when m[2] = ':A' then 'a:' else '' end || replace(m[1], '''''', '''')
      from unnest(p_units) with ordinality as u(q, i),
           unnest(string_to_array(u.q::text, ' | ')) with ordinality as a(text, j),
           regexp_matches(a.text, $r$'((?:[^']|'')*)'(:A)?$r$, 'g') m
     where p_keep is null or p_keep[u.i];
end
$function$;
comment on function app_hidden.search_unit_terms(tsquery[],boolean[]) is 'The search postings'' terms of each kept unit and alternative of a text search (search_terms'' tsqueries), for search_walk.';
revoke all on function app_hidden.search_unit_terms(tsquery[],boolean[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_unit_terms(tsquery[],boolean[]) to marine_anonymous;
