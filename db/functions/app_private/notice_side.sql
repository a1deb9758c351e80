-- Who is told of an event by e-mail: the owner of what a pro did, the quote's pro of what the
-- owner did on its quote (and of its quote's award, close, completion and review); null for the
-- rest (request steps the owner saw happen, staff-only events, events without a quote).
CREATE OR REPLACE FUNCTION app_private.notice_side(p_type text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select case
      when p_type in ('quote.pro_message_sent', 'quote.info_requested', 'quote.visit_times_proposed',
                      'quote.estimate_submitted', 'quote.declined') then 'owner'
      when p_type in ('quote.owner_message_sent', 'quote.info_provided', 'quote.visit_time_selected',
                      'quote.awarded', 'quote.closed', 'quote.completed', 'quote.reviewed') then 'pro'
    end
  $function$;
comment on function app_private.notice_side(text) is null;
revoke all on function app_private.notice_side(text) from public, marine_anonymous, marine_agent, marine_admin;
