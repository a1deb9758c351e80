-- Worker side: the notice e-mail told its recipient every event up to p_up_to: the watermark
-- moves there (never back, should a retried job end after a newer one).
CREATE OR REPLACE FUNCTION app_private.mark_notice_sent(p_recipient_id bigint, p_up_to bigint)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    update app_private.notice_recipients set told_event_id = greatest(told_event_id, p_up_to) where id = p_recipient_id
  $function$;
comment on function app_private.mark_notice_sent(bigint,bigint) is null;
revoke all on function app_private.mark_notice_sent(bigint,bigint) from public, marine_anonymous, marine_agent, marine_admin;
