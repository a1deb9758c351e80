-- The best-rated active contractors matching a filter, as SQL text selecting (id, score) in
-- (score desc, id desc) order: at most p_limit rows, after the keyset when p_keyset. With a city
-- list ($3) it is one index-ordered scan per city name, merged.
CREATE OR REPLACE FUNCTION app_hidden.rated_contractors_sql(p_where text, p_by_city boolean, p_keyset text, p_limit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select case when p_by_city then format(
      'select r.id, r.score from unnest($3::text[]) as m(city) cross join lateral ('
      'select c.id, coalesce(c.public_rating, 0) as score from app_public.contractors c'
      ' where c.city = m.city and %1$s%2$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %3$s) r'
      ' order by r.score desc, r.id desc limit %3$s', p_where, p_keyset, p_limit)
    else format(
      'select c.id, coalesce(c.public_rating, 0) as score from app_public.contractors c'
      ' where %1$s%2$s order by coalesce(c.public_rating, 0) desc, c.id desc limit %3$s', p_where, p_keyset, p_limit)
    end
  $function$;
comment on function app_hidden.rated_contractors_sql(text,boolean,text,text) is 'SQL text for the best-rated contractors matching a filter (the searches'' shared query shape).';
revoke all on function app_hidden.rated_contractors_sql(text,boolean,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_contractors_sql(text,boolean,text,text) to marine_anonymous;
