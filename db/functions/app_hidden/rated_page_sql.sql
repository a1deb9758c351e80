-- A page of (id, score) rows as a statement selecting the response's items, in order, and the
-- next keyset (the row before the extra one that says there is a next page).
CREATE OR REPLACE FUNCTION app_hidden.rated_page_sql(p_page text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select format(
      'with numbered as (select c, p.score, row_number() over (order by p.score desc, p.id desc) as n'
      ' from (%s) p join app_public.contractors c on c.id = p.id)'
      ' select coalesce(json_agg(app_hidden.contractor_list_item(c) order by n) filter (where n <= $7), ''[]'') as items,'
      ' case when count(*) > $7 then'
      ' (array_agg(json_build_object(''score'', score, ''id'', (c).id)) filter (where n = $7))[1] end as next'
      ' from numbered', p_page)
  $function$;
comment on function app_hidden.rated_page_sql(text) is 'SQL text turning ordered (id, score) rows into list items and the next keyset.';
revoke all on function app_hidden.rated_page_sql(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_page_sql(text) to marine_anonymous;
