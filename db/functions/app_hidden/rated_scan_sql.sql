-- The first rows in rated order that pass p_check, looking at no more than p_budget rows that
-- pass p_filters: a scan that stops at the page whether the directory holds 10,000 or
-- 1,000,000 contractors. Fewer than p_limit rows back means: look with an index instead.
CREATE OR REPLACE FUNCTION app_hidden.rated_scan_sql(p_filters text, p_columns text, p_check text, p_budget integer, p_limit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select app_hidden.rated_arrays_sql(format(
      'select id, score from (select c.id, coalesce(c.public_rating, 0) as score, %2$s'
      ' from app_public.contractors c where %1$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %4$s) c'
      ' where %3$s limit %5$s', p_filters, p_columns, p_check, p_budget, p_limit))
  $function$;
comment on function app_hidden.rated_scan_sql(text,text,text,integer,text) is 'SQL text for a budgeted scan in rated order (see the searches).';
revoke all on function app_hidden.rated_scan_sql(text,text,text,integer,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_scan_sql(text,text,text,integer,text) to marine_anonymous;
