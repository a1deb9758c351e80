-- The page after the first step: rows $10 (ids) and $11 (scores), from offset $8.
CREATE OR REPLACE FUNCTION app_hidden.rated_arrays_page_sql()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select 'select m.id, m.score from unnest($10::uuid[], $11::numeric[]) with ordinality as m(id, score, n)'
           ' order by m.n limit $7 + 1 offset $8'
  $function$;
comment on function app_hidden.rated_arrays_page_sql() is 'SQL text paging the (id, score) arrays of a search''s first step.';
revoke all on function app_hidden.rated_arrays_page_sql() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_arrays_page_sql() to marine_anonymous;
