-- Worker side: what one notice e-mail tells its recipient: every event of its side after its
-- watermark, oldest first, with each payload and the zone its times are shown in; null when
-- there is nothing to send. Stopped notices, and a pro without an e-mail address, are skipped:
-- the watermark moves past them, so nothing is sent later either. The send is stamped now
-- (last_sent_at), before it happens, so events meanwhile wait for the window
-- (app_private.queue_notices); the watermark moves after it (app_private.mark_notice_sent), so
-- a failed send is retried with everything. Passing every id below the watermark is safe
-- because an Opportunity's notice events are written under its row lock (locked_opportunity),
-- held to commit, so they commit in id order.
CREATE OR REPLACE FUNCTION app_private.claim_notice(p_recipient_id bigint)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_recipient app_private.notice_recipients;
  v_side text;
  v_to text;
  v_events json;
  v_up_to bigint;
begin
  select * into v_recipient from app_private.notice_recipients where id = p_recipient_id for update;
  if v_recipient.id is null then
    return null;
  end if;
  v_side := case when v_recipient.quote_id is null then 'owner' else 'pro' end;
  select json_agg(json_build_object('type', e.type, 'createdAt', app_hidden.iso_time(e.created_at),
           'quoteId', e.quote_id, 'contractorName', c.name, 'timeZone', app_private.state_time_zone(c.state),
           'data', e.detail) order by e.id),
         max(e.id)
    into v_events, v_up_to
    from app_public.request_events e
    join app_public.quotes q on q.id = e.quote_id
    join app_public.contractors c on c.id = q.contractor_id
   where e.opportunity_id = v_recipient.opportunity_id
     and (v_recipient.quote_id is null or e.quote_id = v_recipient.quote_id)
     and e.id > v_recipient.told_event_id
     and app_private.notice_side(e.type) = v_side;
  if v_up_to is null then
    return null;
  end if;
  select case v_side when 'owner' then o.owner_email::text else c.email::text end into v_to
    from app_public.opportunities o
    left join app_public.quotes q on q.id = v_recipient.quote_id
    left join app_public.contractors c on c.id = q.contractor_id
   where o.id = v_recipient.opportunity_id;
  if v_recipient.stopped_at is not null or v_to is null then
    update app_private.notice_recipients set told_event_id = v_up_to where id = p_recipient_id;
    return null;
  end if;
  update app_private.notice_recipients set last_sent_at = now() where id = p_recipient_id;
  return (select json_build_object('recipientId', v_recipient.id, 'side', v_side, 'to', v_to,
      'opportunityId', o.id, 'quoteId', v_recipient.quote_id, 'ownerFirstName', o.owner_first_name,
      'proName', app_private.contractor_name(q.contractor_id), 'service', s.name, 'location', o.location,
      'upTo', v_up_to, 'events', v_events)
    from app_public.opportunities o
    join app_public.specialties s on s.id = o.specialty_id
    left join app_public.quotes q on q.id = v_recipient.quote_id
   where o.id = v_recipient.opportunity_id);
end
$function$;
comment on function app_private.claim_notice(bigint) is null;
revoke all on function app_private.claim_notice(bigint) from public, marine_anonymous, marine_agent, marine_admin;
