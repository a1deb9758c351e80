-- Up Migration
-- Notice e-mails, coalesced (docs/decisions.md, "Notice e-mails, coalesced"): each shared event
-- is told to the other side (the owner hears of the pros' actions, a quote's pro of the owner's
-- actions on its quote), by one job per recipient that sends everything not yet told in one
-- e-mail. A recipient's watermark is the last event id it was told; the owner can stop notices.

create table app_private.notice_recipients (
  id bigint generated always as identity primary key,
  opportunity_id uuid not null references app_public.opportunities on delete cascade,
  -- Null: the Opportunity's owner; else the pro of this quote.
  quote_id uuid references app_public.quotes on delete cascade,
  -- The watermark: the id of the last event this recipient was told of (or skipped).
  told_event_id bigint not null,
  -- When the last notice e-mail was taken to be sent: the next one waits for the window after it.
  last_sent_at timestamptz,
  -- The owner stopped notice e-mails for this Opportunity (the feed stays).
  stopped_at timestamptz check (stopped_at is null or quote_id is null),
  unique nulls not distinct (opportunity_id, quote_id)
);
alter table app_private.notice_recipients enable row level security;
comment on table app_private.notice_recipients is 'Who is told of an Opportunity''s events by e-mail (its owner, each quote''s pro): the last event told, the last send, the owner''s stop.';

-- Each owner notice carries a one-click stop link (RFC 8058's List-Unsubscribe-Post too) whose
-- token can do nothing but stop that Opportunity's notices; only its digest is stored.
create table app_private.notice_stop_tokens (
  digest bytea primary key,
  recipient_id bigint not null references app_private.notice_recipients on delete cascade,
  created_at timestamptz not null default now()
);
create index notice_stop_tokens_recipient_idx on app_private.notice_stop_tokens (recipient_id, created_at);
alter table app_private.notice_stop_tokens enable row level security;
comment on table app_private.notice_stop_tokens is 'Stop-link tokens of owner notice e-mails (SHA-256 digests): each can only stop its Opportunity''s notice e-mails.';

-- Each notice e-mail carries a link with a token of its own (only digests are stored); the
-- newest few per recipient are kept (app_private.set_notice_token).
alter table app_private.owner_access_tokens drop constraint owner_access_tokens_issued_via_check;
alter table app_private.owner_access_tokens add constraint owner_access_tokens_issued_via_check
  check (issued_via in ('confirm_response', 'email', 'notice'));
alter table app_private.pro_access_tokens add column issued_via text not null default 'request'
  check (issued_via in ('request', 'notice'));
comment on column app_private.pro_access_tokens.issued_via is 'request: the link of the e-mail that asked the pro for a quote (one, replaced on a retried send); notice: the link of a notice e-mail.';

-- The per-event owner e-mail is retired: owner_notified_at stays as the record of what it sent.
comment on column app_public.request_events.owner_notified_at is 'When the retired per-event owner e-mail told the owner of this event (events before notice e-mails were coalesced); no longer written.';
drop function if exists app_private.owner_notice(bigint);
drop function if exists app_private.mark_owner_notified(bigint);

-- What the retired jobs had not sent yet goes out in the owner's first coalesced notice: the
-- owner's watermark stands just before the oldest event not told, or at the newest one told.
insert into app_private.notice_recipients (opportunity_id, quote_id, told_event_id)
  select e.opportunity_id, null,
         coalesce(min(e.id) filter (where e.owner_notified_at is null) - 1, max(e.id))
    from app_public.request_events e
   where e.opportunity_id is not null
     and e.type in ('quote.pro_message_sent', 'quote.info_requested', 'quote.visit_times_proposed',
                    'quote.estimate_submitted', 'quote.declined')
   group by e.opportunity_id;

do $$
begin
  if to_regnamespace('graphile_worker') is not null then
    perform graphile_worker.remove_job('notify-owner:' || e.id)
       from app_public.request_events e
      where e.owner_notified_at is null
        and e.type in ('quote.pro_message_sent', 'quote.info_requested', 'quote.visit_times_proposed',
                       'quote.estimate_submitted', 'quote.declined');
    perform graphile_worker.add_job('notices__send', json_build_object('recipientId', r.id),
        queue_name := 'notices:' || r.opportunity_id, job_key := 'notices:' || r.id)
       from app_private.notice_recipients r
      where exists (select 1 from app_public.request_events e
                     where e.opportunity_id = r.opportunity_id and e.id > r.told_event_id
                       and e.type in ('quote.pro_message_sent', 'quote.info_requested', 'quote.visit_times_proposed',
                                      'quote.estimate_submitted', 'quote.declined'));
  end if;
end
$$;
