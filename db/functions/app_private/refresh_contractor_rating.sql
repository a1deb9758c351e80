CREATE OR REPLACE FUNCTION app_private.refresh_contractor_rating(p_contractor_id uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.contractors c
       set rating = r.avg_rating, review_count = r.n
      from (select round(avg(rating), 2) as avg_rating, count(*)::int as n
              from app_public.reviews
             where contractor_id = p_contractor_id and is_published) r
     where c.id = p_contractor_id
       and (c.rating, c.review_count) is distinct from (r.avg_rating, r.n)
  $function$;
comment on function app_private.refresh_contractor_rating(uuid) is null;
revoke all on function app_private.refresh_contractor_rating(uuid) from public, marine_anonymous, marine_agent, marine_admin;
