-- The stop link of an owner notice e-mail: p_stop false reads what it would stop (the page that
-- asks), true stops the Opportunity's notice e-mails (the page's button, or a mail client's
-- RFC 8058 one-click POST). A GET never stops: mail scanners and link previews open links.
-- The token can do nothing else; an unknown one is CREDS.
CREATE OR REPLACE FUNCTION app_hidden.notice_stop_link(p_token_digest_hex text, p_stop boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_recipient app_private.notice_recipients;
  v_opportunity app_public.opportunities;
begin
  if p_token_digest_hex ~ '^[0-9a-f]{64}$' then
    select r.* into v_recipient from app_private.notice_stop_tokens t
      join app_private.notice_recipients r on r.id = t.recipient_id
     where t.digest = decode(p_token_digest_hex, 'hex');
  end if;
  if v_recipient.id is null then
    raise exception 'Invalid stop link' using errcode = 'CREDS',
      detail = 'Open the stop link of a recent notice e-mail, or ask your assistant to stop notice e-mails.';
  end if;
  if p_stop then
    -- The Opportunity first, then its recipients: the one lock order.
    v_opportunity := app_private.locked_opportunity(v_recipient.opportunity_id);
    update app_private.notice_recipients set stopped_at = coalesce(stopped_at, now())
     where id = v_recipient.id returning * into v_recipient;
  end if;
  return (select json_build_object('opportunityId', o.id, 'service', s.name, 'stopped', v_recipient.stopped_at is not null)
    from app_public.opportunities o join app_public.specialties s on s.id = o.specialty_id
   where o.id = v_recipient.opportunity_id);
end
$function$;
comment on function app_hidden.notice_stop_link(text,boolean) is 'The stop link of an owner notice e-mail: reads (p_stop false) or stops the Opportunity''s notice e-mails.';
revoke all on function app_hidden.notice_stop_link(text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.notice_stop_link(text,boolean) to marine_anonymous;
