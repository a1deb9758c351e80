CREATE OR REPLACE FUNCTION app_private.open_thread(q app_public.quotes)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  if q.thread_status <> 'open' then
    raise exception 'This quote thread is closed' using errcode = 'CONFL',
      detail = format('The quote is %s.', q.status);
  end if;
end
$function$;
comment on function app_private.open_thread(app_public.quotes) is null;
revoke all on function app_private.open_thread(app_public.quotes) from public, marine_anonymous, marine_agent, marine_admin;
