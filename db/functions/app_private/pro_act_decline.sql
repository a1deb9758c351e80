-- A pro declines the request (not once awarded); its submitted estimates are withdrawn and the
-- thread closes. For every door; q comes locked from app_private.actionable_quote.
CREATE OR REPLACE FUNCTION app_private.pro_act_decline(q app_public.quotes, p_reason text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if q.status in ('awarded', 'completed') then
    raise exception 'An awarded pro cannot decline' using errcode = 'CONFL';
  end if;
  if length(p_reason) not between 1 and 1000 then
    raise exception 'A reason must be 1 to 1000 characters' using errcode = 'INVAL';
  end if;
  if not p_confirm then
    return app_private.pro_preview('decline', q, jsonb_build_object('reason', p_reason,
      'withdrawsEstimates', (select coalesce(jsonb_agg(e.id order by e.id), '[]') from app_public.estimates e
                              where e.quote_id = q.id and e.status = 'submitted')));
  end if;
  update app_public.estimates set status = 'withdrawn' where quote_id = q.id and status = 'submitted';
  update app_public.quotes set status = 'declined', thread_status = 'closed', decline_reason = p_reason
   where id = q.id returning * into q;
  perform app_private.pro_acted('quote.declined', q, jsonb_build_object('reason', p_reason), to_jsonb(q));
  return json_build_object('quoteId', q.id, 'quoteStatus', q.status);
end
$function$;
comment on function app_private.pro_act_decline(app_public.quotes,text,boolean) is null;
revoke all on function app_private.pro_act_decline(app_public.quotes,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
