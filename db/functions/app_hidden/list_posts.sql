-- Articles and blog posts, newest first. PL/pgSQL, not SQL: as a SQL function it was parsed and
-- planned again in every transaction (db/CONVENTIONS.md).
CREATE OR REPLACE FUNCTION app_hidden.list_posts(p_kind text, p_limit integer, p_after_published_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_after_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return (
    with page as (
      select p.*, row_number() over (order by p.published_at desc, p.id desc) as n
        from (select * from app_public.posts p
               where p.kind = p_kind and p.status = 'published' and p.published_at <= now()
                 and (p_after_published_at is null or (p.published_at, p.id) < (p_after_published_at, p_after_id))
               order by p.published_at desc, p.id desc
               limit p_limit + 1) p
    )
    select json_build_object(
      'items', coalesce(json_agg(json_build_object('id', id, 'slug', slug, 'title', title,
                 'excerpt', excerpt, 'publishedAt', app_hidden.iso_time(published_at), 'url', url)
                 order by n) filter (where n <= p_limit), '[]'),
      'next', case when count(*) > p_limit then
                (array_agg(json_build_object('publishedAt', published_at, 'id', id)) filter (where n = p_limit))[1]
              end)
      from page);
end
$function$;
comment on function app_hidden.list_posts(text,integer,timestamp with time zone,uuid) is 'Published articles or blog posts, newest first; see GET /api/v1/public/articles and /blog.';
revoke all on function app_hidden.list_posts(text,integer,timestamp with time zone,uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.list_posts(text,integer,timestamp with time zone,uuid) to marine_anonymous;
