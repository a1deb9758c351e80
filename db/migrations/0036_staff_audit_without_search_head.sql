-- Up Migration
-- The staff audit of contractors left out a column 0033 dropped (search_head): the same trigger
-- (0026) without it, so its argument list names only columns that exist.
drop trigger _900_staff_audit on app_public.contractors;
create trigger _900_staff_audit after insert or update or delete on app_public.contractors
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change('updated_at', 'search', 'search_no',
    'specialty_slugs', 'specialty_items', 'public_rating', 'latitude', 'longitude');
