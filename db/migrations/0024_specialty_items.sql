-- List items carry their specialties on the row (issue 16's performance, docs/performance.md):
-- built for each item from contractor_specialties and specialties, they cost ~13 us an item,
-- half of a 20-item page's 0.5 ms and a fifth of a text search's database time at 10,000
-- contractors. specialty_items holds the two lists a list item shows, by specialty name:
-- {"slugs" : [...], "objects" : [{"id", "name", "slug"}, ...]}. It is kept with
-- specialty_slugs by app_private.refresh_specialty_slugs (links added or removed, a specialty
-- renamed or re-slugged), which recount_directory runs for every contractor after a bulk load.
alter table app_public.contractors
  add column specialty_items json not null default '{"slugs" : [], "objects" : []}';
comment on column app_public.contractors.specialty_items is 'The contractor''s specialties as a list item shows them, by name: slugs and {id, name, slug} objects (maintained from contractor_specialties with specialty_slugs).';

-- A renamed specialty moves in its contractors' lists (the slug trigger covered slugs only).
drop trigger _600_specialty_slugs on app_public.specialties;
create trigger _600_specialty_slugs after update of slug, name on app_public.specialties
  for each row execute function app_private.tg_specialties__slugs();

-- The lists of the contractors already here (what refresh_specialty_slugs computes). No search
-- document changes, so the postings trigger is left out: it would compare every row's document
-- (and in a new database its body is not there yet: db/functions come after the migrations).
alter table app_public.contractors disable trigger _610_search_postings_update;
update app_public.contractors c
   set specialty_items = json_build_object('slugs', n.slugs, 'objects', n.objects)
  from (select cs.contractor_id, json_agg(s.slug order by s.name, s.id) as slugs,
               json_agg(row_to_json(o) order by s.name, s.id) as objects
          from app_public.contractor_specialties cs
          join app_public.specialties s on s.id = cs.specialty_id,
               lateral (select s.id, s.name, s.slug) o
         group by cs.contractor_id) n
 where c.id = n.contractor_id;
alter table app_public.contractors enable trigger _610_search_postings_update;
