-- Type-ahead (GET /api/v1/public/contractors/autocomplete): for what has been typed so far, the
-- specialties it may mean (a specialty name or a vocabulary term starting with it, or a word of
-- one), the cities of active contractors starting with it (or with a word starting with it),
-- and active contractors whose name starts with it. Each list is at most p_limit long, biggest
-- or best rated first. Contractor names are read in name order, at most 200 of them, before the
-- best rated are picked: the work stays bounded for a one-letter prefix at any size. (The key
-- holds only letters, digits and spaces, so it needs no LIKE escaping.) PL/pgSQL, not SQL: as a
-- security-definer SQL function it was parsed and planned again in every transaction
-- (db/CONVENTIONS.md). Its generic plan is forced: the query takes its values at run time (the
-- name range from scalar subqueries), so a custom plan is the same plan for ~0.7 ms more, and
-- PostgreSQL kept choosing one.
CREATE OR REPLACE FUNCTION app_hidden.autocomplete(p_q text, p_limit integer)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET jit TO 'off'
 SET enable_bitmapscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
begin
  return (
    with typed as (
      select app_hidden.name_key(p_q) as key
    ), prefix as (
      select key, key || '%' as starts, '% ' || key || '%' as word_starts
        from typed where key <> ''
    ), vocabulary_hits as (
      -- One pass over the vocabulary (a correlated EXISTS scanned it once per specialty).
      select distinct v.specialty_slug
        from app_private.search_vocabulary v, prefix p
       where v.term like p.starts or v.term like p.word_starts
    ), specialties as (
      select s.slug, s.name, s.contractor_count
        from app_public.specialties s, prefix p
       where app_hidden.name_key(s.name) like p.starts or app_hidden.name_key(s.name) like p.word_starts
          or s.slug in (select h.specialty_slug from vocabulary_hits h)
       order by (app_hidden.name_key(s.name) like p.starts) desc, s.contractor_count desc, s.slug
       limit p_limit
    ), cities as (
      select d.city, d.active_contractors
        from app_private.directory_cities d, prefix p
       where lower(d.city) like p.starts or lower(d.city) like p.word_starts
       order by (lower(d.city) like p.starts) desc, d.active_contractors desc, d.city
       limit p_limit
    ), contractors as (
      select c.id, c.slug, c.name, c.city, c.state
        from (select n.id, n.rating
                from (select c.id, coalesce(c.public_rating, 0) as rating
                        from app_public.contractors c
                       -- A range the name_key index (text_pattern_ops, with id and rating) serves
                       -- with the key as a runtime value (LIKE would need a constant pattern):
                       -- every key starting with it sorts below key || '{'. Scalar subqueries, not
                       -- a join, so the index order is the ORDER BY and the scan stops at 200.
                       where c.is_active and app_hidden.name_key(c.name) ~>=~ (select p.key from prefix p)
                         and app_hidden.name_key(c.name) ~<~ (select p.key || '{' from prefix p)
                       order by app_hidden.name_key(c.name) using ~<~  -- the index's own (byte) order
                       limit 200) n
               order by n.rating desc, n.id desc
               limit p_limit) best
        join app_public.contractors c on c.id = best.id
       order by best.rating desc, best.id desc
    )
    select json_build_object(
      'specialties', coalesce((select json_agg(json_build_object('slug', s.slug, 'name', s.name, 'contractorCount', s.contractor_count)) from specialties s), '[]'),
      'cities', coalesce((select json_agg(json_build_object('city', c.city, 'contractorCount', c.active_contractors)) from cities c), '[]'),
      'contractors', coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'city', c.city, 'state', c.state)) from contractors c), '[]')));
end
$function$;
comment on function app_hidden.autocomplete(text,integer) is 'Type-ahead: specialties, cities and contractor names for a prefix; see GET /api/v1/public/contractors/autocomplete.';
revoke all on function app_hidden.autocomplete(text,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.autocomplete(text,integer) to marine_anonymous;
