-- A pro's writes on one quote are budgeted: at most app_private.setting_quote_writes_a_day() in
-- 24 hours, counted from the thread's events. Over it, RATEL with the seconds until the oldest
-- counted write leaves the window (db/ERRORS.md: the API sends them as Retry-After). Checked
-- before previews too, so a preview fails as its write would.
CREATE OR REPLACE FUNCTION app_private.quote_write_budget(q app_public.quotes)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_budget integer := app_private.setting_quote_writes_a_day();
  v_oldest timestamptz;
begin
  select min(created_at) into v_oldest from (
    select e.created_at from app_public.request_events e
     where e.quote_id = q.id
       and e.type in ('quote.pro_message_sent', 'quote.info_requested', 'quote.visit_times_proposed',
                      'quote.estimate_submitted', 'quote.declined')
       and e.created_at > now() - interval '24 hours'
     order by e.created_at desc limit v_budget) recent
  having count(*) >= v_budget;
  if v_oldest is not null then
    raise exception 'Too many writes on this quote today: at most % in 24 hours', v_budget using errcode = 'RATEL',
      detail = app_private.retry_after(v_oldest + interval '24 hours');
  end if;
end
$function$;
comment on function app_private.quote_write_budget(app_public.quotes) is null;
revoke all on function app_private.quote_write_budget(app_public.quotes) from public, marine_anonymous, marine_agent, marine_admin;
