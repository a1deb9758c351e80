-- The owner stops (p_send false) or resumes notice e-mails for the Opportunity; the feed and the
-- owner's page keep every event. What happens while stopped is never e-mailed: stopping skips
-- pending notices (app_private.claim_notice), and resuming starts the watermark at the newest
-- event, so the owner is told from then on (docs/decisions.md, "Notice e-mails, coalesced").
CREATE OR REPLACE FUNCTION app_hidden.owner_set_notice_emails(p_token text, p_opportunity_id text, p_send boolean, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_newest bigint := coalesce((select max(id) from app_public.request_events where opportunity_id = v_opportunity.id), 0);
begin
  if p_send is null then
    raise exception 'send must be true or false' using errcode = 'INVAL';
  end if;
  if p_confirm then
    insert into app_private.notice_recipients as r (opportunity_id, quote_id, told_event_id, stopped_at)
      values (v_opportunity.id, null, v_newest, case when not p_send then now() end)
      on conflict (opportunity_id, quote_id) do update
        set stopped_at = case when p_send then null else coalesce(r.stopped_at, now()) end,
            told_event_id = case when p_send and r.stopped_at is not null then greatest(r.told_event_id, v_newest)
                                 else r.told_event_id end;
  end if;
  return app_private.preview_or_done(p_confirm, 'set_notice_emails', json_build_object('send', p_send), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_set_notice_emails(text,text,boolean,boolean) is 'The owner stops or resumes notice e-mails for the Opportunity (the feed stays); see POST .../notice-emails.';
revoke all on function app_hidden.owner_set_notice_emails(text,text,boolean,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_set_notice_emails(text,text,boolean,boolean) to marine_anonymous;
