CREATE OR REPLACE FUNCTION app_private.tg_reviews__refresh_rating()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform app_private.refresh_contractor_rating(old.contractor_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.contractor_id <> old.contractor_id
      or new.rating <> old.rating or new.is_published <> old.is_published) then
    perform app_private.refresh_contractor_rating(new.contractor_id);
  end if;
  return null;
end
$function$;
comment on function app_private.tg_reviews__refresh_rating() is null;
revoke all on function app_private.tg_reviews__refresh_rating() from public, marine_anonymous, marine_agent, marine_admin;
