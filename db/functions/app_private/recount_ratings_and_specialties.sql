CREATE OR REPLACE FUNCTION app_private.recount_ratings_and_specialties()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.contractors c
       set rating = r.avg_rating, review_count = r.n
      from (select c2.id, round(avg(rv.rating), 2) as avg_rating, count(rv.id)::int as n
              from app_public.contractors c2
              left join app_public.reviews rv on rv.contractor_id = c2.id and rv.is_published
             group by c2.id) r
     where c.id = r.id and (c.rating, c.review_count) is distinct from (r.avg_rating, r.n);
    update app_public.specialties s
       set contractor_count = coalesce(n.count, 0)
      from app_public.specialties s2
      left join (select cs.specialty_id, count(*)::int as count
                   from app_public.contractor_specialties cs
                   join app_public.contractors c on c.id = cs.contractor_id and c.is_active
                  group by cs.specialty_id) n on n.specialty_id = s2.id
     where s.id = s2.id and s.contractor_count is distinct from coalesce(n.count, 0);
  $function$;
comment on function app_private.recount_ratings_and_specialties() is null;
revoke all on function app_private.recount_ratings_and_specialties() from public, marine_anonymous, marine_agent, marine_admin;
