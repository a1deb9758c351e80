CREATE OR REPLACE FUNCTION app_private.tg_contractors__search_words()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  perform app_private.add_search_words(array(select app_private.contractor_words_text(n) from new_rows n where n.is_active));
  return null;
end
$function$;
comment on function app_private.tg_contractors__search_words() is null;
revoke all on function app_private.tg_contractors__search_words() from public, marine_anonymous, marine_agent, marine_admin;
