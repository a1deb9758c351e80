-- Setting: how many writes (messages, questions, visit times, estimates) a pro may make on one
-- quote in 24 hours. Each write e-mails the owner, so the budget bounds what one pro token can
-- send; a real thread needs a few a day (docs/decisions.md, "Write budgets").
CREATE OR REPLACE FUNCTION app_private.setting_quote_writes_a_day()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 40 $function$;
comment on function app_private.setting_quote_writes_a_day() is null;
revoke all on function app_private.setting_quote_writes_a_day() from public, marine_anonymous, marine_agent, marine_admin;
