-- A text query as asked of state_lexemes (0021, 0023): every lexeme prefixed with the state, in
-- lower case, and its weights dropped, since that index has none: callers ask it unweighted
-- queries (a unit's q1) or ask it of a document all of one weight (search_head, all A). A state
-- that is not two letters (no contractor has one) asks for nothing.
CREATE OR REPLACE FUNCTION app_hidden.state_query(p_state text, p_query tsquery)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
    select case when p_state ~ '^[A-Za-z]{2}$'
      then regexp_replace(p_query::text, $r$'((?:[^']|'')*)'(?::[A-D]+)?$r$, '''' || lower(p_state) || '_\1''', 'g')::tsquery
      else '''specialty_'''::tsquery end
  $function$;
comment on function app_hidden.state_query(text, tsquery) is 'A text query with each lexeme prefixed by the state and no weights, for the state-lexemes indexes.';
revoke all on function app_hidden.state_query(text, tsquery) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.state_query(text, tsquery) to marine_anonymous;
