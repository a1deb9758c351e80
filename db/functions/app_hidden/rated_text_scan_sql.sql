-- The first step of a text search: up to p_rows rows in rated order from the index, those whose
-- signature holds q's ($10), at most p_candidates of them, then the row's own check (@@ $1),
-- in order (a filter, not a join, so no sort: the scan stops at p_limit matches).
CREATE OR REPLACE FUNCTION app_hidden.rated_text_scan_sql(p_filters text, p_rows integer, p_candidates integer, p_limit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select app_hidden.rated_arrays_sql(format(
      'select k.id, k.score from (select s.id, s.score from ('
      'select c.id, coalesce(c.public_rating, 0) as score, c.search_signature from app_public.contractors c'
      ' where %1$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %2$s) s'
      ' where s.search_signature & $10 = $10 limit %3$s) k'
      ' where (select t.search @@ $1 from app_public.contractors t where t.id = k.id) limit %4$s',
      p_filters, p_rows, p_candidates, p_limit))
  $function$;
comment on function app_hidden.rated_text_scan_sql(text,integer,integer,text) is 'SQL text for the first step of a text search (signature checked in the index, then @@ on the row).';
revoke all on function app_hidden.rated_text_scan_sql(text,integer,integer,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_text_scan_sql(text,integer,integer,text) to marine_anonymous;
