-- Lexemes every match of a text query must contain, as a signature: every lexeme of the query
-- when it only joins them with AND and phrase operators (& <-> <N>), which need all their
-- operands; none (zero bits: every row is a candidate) when it has OR, NOT, weights or
-- prefixes, or a backslash (whose escaping in the query text is not undone here).
CREATE OR REPLACE FUNCTION app_hidden.query_signature(p_query tsquery)
 RETURNS bit
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
    select app_hidden.lexeme_signature(case
      when regexp_replace(p_query::text, $r$'(?:[^']|'')*'$r$, '', 'g') !~ '[|!:]' and strpos(p_query::text, '\') = 0
      then array(select replace(m[1], '''''', '''') from regexp_matches(p_query::text, $r$'((?:[^']|'')*)'$r$, 'g') as m)
      else '{}' end)
  $function$;
comment on function app_hidden.query_signature(tsquery) is 'The signature of the lexemes every match of a text query must contain (zero bits when it has OR, NOT, weights or prefixes).';
revoke all on function app_hidden.query_signature(tsquery) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.query_signature(tsquery) to marine_anonymous;
