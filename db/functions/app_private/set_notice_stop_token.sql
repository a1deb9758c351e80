-- Worker side: the token of an owner notice's stop link (minted just before the send; only its
-- digest is stored). It can only stop this Opportunity's notice e-mails, so it may travel in a
-- URL; the newest app_private.setting_notice_links_kept() of the recipient are kept.
CREATE OR REPLACE FUNCTION app_private.set_notice_stop_token(p_recipient_id bigint, p_token_digest bytea)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  insert into app_private.notice_stop_tokens (digest, recipient_id) values (p_token_digest, p_recipient_id);
  delete from app_private.notice_stop_tokens where digest in (
    select digest from app_private.notice_stop_tokens where recipient_id = p_recipient_id
     order by created_at desc, digest offset app_private.setting_notice_links_kept());
end
$function$;
comment on function app_private.set_notice_stop_token(bigint,bytea) is null;
revoke all on function app_private.set_notice_stop_token(bigint,bytea) from public, marine_anonymous, marine_agent, marine_admin;
