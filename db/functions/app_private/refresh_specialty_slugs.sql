CREATE OR REPLACE FUNCTION app_private.refresh_specialty_slugs(p_contractor_ids uuid[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.contractors c
       set specialty_slugs = coalesce(n.slugs, '{}')
      from (select x.id, (select array_agg(s.slug order by s.slug)
                            from app_public.contractor_specialties cs
                            join app_public.specialties s on s.id = cs.specialty_id
                           where cs.contractor_id = x.id) as slugs
              from unnest(p_contractor_ids) as x(id)) n
     where c.id = n.id and c.specialty_slugs is distinct from coalesce(n.slugs, '{}');
  $function$;
comment on function app_private.refresh_specialty_slugs(uuid[]) is 'Recomputes contractors.specialty_slugs for these contractors.';
revoke all on function app_private.refresh_specialty_slugs(uuid[]) from public, marine_anonymous, marine_agent, marine_admin;
