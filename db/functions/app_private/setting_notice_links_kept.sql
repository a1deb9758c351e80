-- Setting: how many notice e-mail links (owner or pro access tokens minted for a notice) stay
-- valid per recipient: each e-mail carries a token of its own, and the oldest beyond this many
-- are deleted, so the tokens of one thread stay few while the recent e-mails' links all work.
CREATE OR REPLACE FUNCTION app_private.setting_notice_links_kept()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 10 $function$;
comment on function app_private.setting_notice_links_kept() is null;
revoke all on function app_private.setting_notice_links_kept() from public, marine_anonymous, marine_agent, marine_admin;
