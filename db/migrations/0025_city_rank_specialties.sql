-- A specialty in a city is counted from the city's rated index alone. Issue 16's exact totals
-- (up to 10,000) made the specialty + city search count every match in order, and each row's
-- specialty was a probe of contractor_specialties: 45 ms for engine repair in Newport at
-- 1,000,000 contractors (38,000 rows, 6,388 matches). The searches' specialty filter now reads
-- the row's specialty_slugs (app_hidden.specialty_predicate), which this index carries, with the
-- state: a city and state search read each row of every city of that name for its state
-- (88 ms for Newport, RI at 1,000,000: two Newports of 19,000 rows each).
drop index app_public.contractors_city_rank_idx;
create index contractors_city_rank_idx on app_public.contractors (city, (coalesce(public_rating, 0)), id)
  include (public_rating, specialty_slugs, state) where is_active;
