CREATE OR REPLACE FUNCTION app_private.quote_json(q app_public.quotes)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object(
      'quoteId', q.id, 'contractorId', c.id, 'contractorSlug', c.slug, 'contractorName', c.name,
      'quoteStatus', q.status, 'threadStatus', q.thread_status, 'declineReason', q.decline_reason,
      'conversation', json_build_object(
        'messages', coalesce((select json_agg(json_build_object('messageId', m.id, 'author', m.author, 'content', m.body,
            'createdAt', app_hidden.iso_time(m.created_at)) order by m.created_at, m.id)
          from app_public.quote_messages m where m.quote_id = q.id), '[]'),
        'missingInfoRequests', coalesce((select json_agg(json_build_object('requestId', i.id, 'questions', i.questions,
            'answers', i.answers, 'status', case when i.answered_at is null then 'open' else 'answered' end,
            'requestedAt', app_hidden.iso_time(i.requested_at), 'answeredAt', app_hidden.iso_time(i.answered_at))
            order by i.requested_at, i.id)
          from app_public.info_requests i where i.quote_id = q.id), '[]')),
      'estimates', coalesce((select json_agg(json_build_object('estimateId', e.id, 'amount', e.amount, 'currency', e.currency,
          'description', e.description, 'validUntil', e.valid_until, 'status', e.status, 'submittedAt', app_hidden.iso_time(e.created_at))
          order by e.created_at, e.id)
        from app_public.estimates e where e.quote_id = q.id), '[]'),
      'visits', coalesce((select json_agg(app_private.visit_json(v, q, c.name) order by v.created_at, v.id)
        from app_public.visits v where v.quote_id = q.id), '[]'),
      'review', (select json_build_object('reviewId', r.id, 'rating', r.rating, 'review', r.body,
          'createdAt', app_hidden.iso_time(r.created_at))
        from app_public.reviews r where r.quote_id = q.id))
    from app_public.contractors c where c.id = q.contractor_id
  $function$;
comment on function app_private.quote_json(app_public.quotes) is null;
revoke all on function app_private.quote_json(app_public.quotes) from public, marine_anonymous, marine_agent, marine_admin;
