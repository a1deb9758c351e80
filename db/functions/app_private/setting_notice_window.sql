-- Setting: how long after one notice e-mail the next one to the same recipient waits. The first
-- notice goes at once; what happens within the window goes together in the next e-mail, so a
-- burst of messages is one or two e-mails, and a slow thread still hears of each step within
-- minutes (docs/decisions.md, "Notice e-mails, coalesced").
CREATE OR REPLACE FUNCTION app_private.setting_notice_window()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$ select interval '3 minutes' $function$;
comment on function app_private.setting_notice_window() is null;
revoke all on function app_private.setting_notice_window() from public, marine_anonymous, marine_agent, marine_admin;
