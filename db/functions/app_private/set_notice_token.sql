-- Worker side: the token of one notice e-mail's link (minted just before the send; only its
-- digest is stored): an owner access token for the owner's page, or a pro access token for the
-- pro's quote page. Each e-mail has its own, so an earlier e-mail's link (and the token the
-- recipient's assistant holds) keeps working; only the newest app_private.setting_notice_links_kept()
-- notice tokens of the recipient are kept.
CREATE OR REPLACE FUNCTION app_private.set_notice_token(p_recipient_id bigint, p_token_digest bytea)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_recipient app_private.notice_recipients;
begin
  select * into strict v_recipient from app_private.notice_recipients where id = p_recipient_id;
  if v_recipient.quote_id is null then
    insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
      values (v_recipient.opportunity_id, p_token_digest, 'notice');
    delete from app_private.owner_access_tokens where id in (
      select id from app_private.owner_access_tokens
       where opportunity_id = v_recipient.opportunity_id and issued_via = 'notice'
       order by created_at desc, id offset app_private.setting_notice_links_kept());
  else
    insert into app_private.pro_access_tokens (quote_id, digest, expires_at, issued_via)
      values (v_recipient.quote_id, p_token_digest, now() + interval '180 days', 'notice');
    delete from app_private.pro_access_tokens where id in (
      select id from app_private.pro_access_tokens
       where quote_id = v_recipient.quote_id and issued_via = 'notice'
       order by created_at desc, id offset app_private.setting_notice_links_kept());
  end if;
end
$function$;
comment on function app_private.set_notice_token(bigint,bytea) is null;
revoke all on function app_private.set_notice_token(bigint,bytea) from public, marine_anonymous, marine_agent, marine_admin;
