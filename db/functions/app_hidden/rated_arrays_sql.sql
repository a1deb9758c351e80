-- The (id, score) rows of a rated query as two arrays in order: what the searches keep between
-- their steps.
CREATE OR REPLACE FUNCTION app_hidden.rated_arrays_sql(p_rows text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select format('select array_agg(id order by score desc, id desc), array_agg(score order by score desc, id desc)'
                  ' from (%s) m', p_rows)
  $function$;
comment on function app_hidden.rated_arrays_sql(text) is 'SQL text collecting ordered (id, score) rows into two arrays.';
revoke all on function app_hidden.rated_arrays_sql(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_arrays_sql(text) to marine_anonymous;
