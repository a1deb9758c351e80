-- Setting: the most events one feed page holds (the API's EVENT_PAGE.max, src/events/params.ts,
-- is held equal to it by test/db/events.test.ts). A whole request's life is a few dozen events,
-- so one page usually holds all of it; the bound keeps one call's answer small.
CREATE OR REPLACE FUNCTION app_private.setting_event_page_max()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 200 $function$;
comment on function app_private.setting_event_page_max() is null;
revoke all on function app_private.setting_event_page_max() from public, marine_anonymous, marine_agent, marine_admin;
