-- What text search is built from, counted the same way on any migrated database (issue 23's
-- before/after count): psql -X -f bench/search-footprint.sql <database>
--   functions  ours (schemas app_*), reached from app_hidden.search_contractors through their
--              bodies, plus the trigger functions that write the tables those read, and what
--              they reach; aggregates count as functions
--   triggers   the triggers that run those functions
--   tables     app_private tables the functions name (the side tables)
--   indexes    the side tables' indexes, and the contractors indexes whose definition names
--              search, search_head, search_no or name_key
with recursive app as (
  select p.oid, n.nspname || '.' || p.proname as name, coalesce(p.prosrc, '') as body
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname like 'app\_%'
     and not exists (select from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
), side_tables as (
  select c.oid, n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'app_private' and c.relkind = 'r'
), writers as (
  -- trigger functions that write a side table, themselves or through a function they call
  select distinct a.oid, t.name as table_name
    from pg_trigger g join app a on a.oid = g.tgfoid cross join side_tables t
   where not g.tgisinternal
     and (a.body ~ ('(insert into|update|delete from) ' || replace(t.name, '.', '\.') || '\M')
          or exists (select from app h where a.body ~ ('\m' || replace(h.name, '.', '\.') || '\M')
                                         and h.body ~ ('(insert into|update|delete from) ' || replace(t.name, '.', '\.') || '\M')))
), reached(oid, name, body) as (
  select oid, name, body from app where name = 'app_hidden.search_contractors'
  union
  select a.oid, a.name, a.body
    from reached r join app a
      on r.body ~ ('\m' || replace(a.name, '.', '\.') || '\M')
      or exists (select from writers w where w.oid = a.oid and r.body ~ ('\m' || replace(w.table_name, '.', '\.') || '\M'))
), tables as (
  select distinct t.oid, t.name from side_tables t join reached r on r.body ~ ('\m' || replace(t.name, '.', '\.') || '\M')
)
select (select count(distinct oid) from reached) as functions,
       (select string_agg(distinct name, ' ' order by name) from reached) as function_names,
       (select count(*) from pg_trigger g where not g.tgisinternal and g.tgfoid in (select oid from reached)) as triggers,
       (select count(*) from tables) as side_tables,
       (select count(*) from pg_index i where i.indrelid in (select oid from tables))
       + (select count(*) from pg_index i
           where i.indrelid = 'app_public.contractors'::regclass
             and pg_get_indexdef(i.indexrelid) ~ '\m(search|search_head|search_no|name_key)\M') as indexes,
       (select string_agg(name, ' ' order by name) from tables) as side_table_names;
