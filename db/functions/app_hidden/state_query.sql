-- A text query as asked of state_lexemes (0021): every lexeme prefixed with the state, in lower
-- case. Weights and positions are not in that index, so neither may be in the query; a state
-- that is not two letters (no contractor has one) asks for nothing.
CREATE OR REPLACE FUNCTION app_hidden.state_query(p_state text, p_query tsquery)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
    select case when p_state ~ '^[A-Za-z]{2}$'
      then regexp_replace(p_query::text, $r$'((?:[^']|'')*)'$r$, '''' || lower(p_state) || '_\1''', 'g')::tsquery
      else '''specialty_'''::tsquery end
  $function$;
comment on function app_hidden.state_query(text, tsquery) is 'A text query with each lexeme prefixed by the state, for the state-lexemes index.';
revoke all on function app_hidden.state_query(text, tsquery) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.state_query(text, tsquery) to marine_anonymous;
