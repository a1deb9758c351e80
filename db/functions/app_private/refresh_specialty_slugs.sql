-- A contractor's specialty lists, from its links: specialty_slugs (by slug; the search
-- document's tokens) and specialty_items (by name; what a list item shows, 0024). Rows whose
-- lists are unchanged are not rewritten.
CREATE OR REPLACE FUNCTION app_private.refresh_specialty_slugs(p_contractor_ids uuid[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_public.contractors c
       set specialty_slugs = n.slugs, specialty_items = n.items
      from (select x.id, coalesce(l.slugs, '{}') as slugs,
                   json_build_object('slugs', coalesce(l.by_name, '[]'), 'objects', coalesce(l.objects, '[]')) as items
              from unnest(p_contractor_ids) as x(id)
              cross join lateral (
                select array_agg(s.slug order by s.slug) as slugs,
                       json_agg(s.slug order by s.name, s.id) as by_name,
                       json_agg(row_to_json(o) order by s.name, s.id) as objects
                  from app_public.contractor_specialties cs
                  join app_public.specialties s on s.id = cs.specialty_id,
                       lateral (select s.id, s.name, s.slug) o
                 where cs.contractor_id = x.id) l) n
     where c.id = n.id
       and (c.specialty_slugs is distinct from n.slugs or c.specialty_items::text is distinct from n.items::text);
  $function$;
comment on function app_private.refresh_specialty_slugs(uuid[]) is 'Recomputes contractors.specialty_slugs and specialty_items for these contractors.';
revoke all on function app_private.refresh_specialty_slugs(uuid[]) from public, marine_anonymous, marine_agent, marine_admin;
