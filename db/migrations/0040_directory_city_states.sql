-- Up Migration
-- Each directory city lists the states its active contractors are in, so a search under a city
-- whose contractors are all in one state reads that state's postings ('ME:rigging'), which are
-- smaller than the nation's (docs/search.md, "The postings"). The list may hold more states than
-- the city has now: a contractor's state is added when it joins the city and is dropped only
-- when the city's last contractor leaves or recount_directory rebuilds the list. A state too many
-- only costs the shortcut, and the list never misses a state. '' stands for no state.
alter table app_private.directory_cities add column states text[] not null default '{}';
comment on column app_private.directory_cities.states is 'The states of the city''s active contractors (''{}'' for none): never fewer, perhaps more, until recount_directory (docs/search.md).';
update app_private.directory_cities d set states = s.states
  from (select c.city, array_agg(distinct coalesce(c.state, '') order by coalesce(c.state, '')) as states
          from app_public.contractors c where c.is_active and c.city is not null group by c.city) s
 where s.city = d.city;
-- The count and the states in one call (db/functions/app_private/add_directory_city.sql).
drop function app_private.add_directory_city(text, integer);
drop trigger _500_directory_cities on app_public.contractors;
create trigger _500_directory_cities after insert or delete or update of city, state, is_active on app_public.contractors
  for each row execute function app_private.tg_contractors__directory_cities();
