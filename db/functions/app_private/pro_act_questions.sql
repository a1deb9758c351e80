-- A pro asks the owner for missing information (1 to 20 questions), before any award. For every
-- door; q comes locked from app_private.actionable_quote.
CREATE OR REPLACE FUNCTION app_private.pro_act_questions(q app_public.quotes, p_questions text[], p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_request app_public.info_requests;
begin
  perform app_private.before_award(q);
  if coalesce(cardinality(p_questions), 0) not between 1 and 20
     or exists (select 1 from unnest(p_questions) t where t is null or length(t) not between 1 and 1000) then
    raise exception 'Ask 1 to 20 questions of 1 to 1000 characters each' using errcode = 'INVAL';
  end if;
  if not p_confirm then
    return app_private.pro_preview('request_missing_info', q, jsonb_build_object('questions', p_questions));
  end if;
  insert into app_public.info_requests (quote_id, questions) values (q.id, p_questions) returning * into v_request;
  update app_public.quotes set status = 'info_requested' where id = q.id and status = 'requested';
  perform app_private.pro_acted('quote.info_requested', q, jsonb_build_object('infoRequestId', v_request.id,
    'questions', to_jsonb(v_request.questions)), to_jsonb(v_request));
  return json_build_object('quoteId', q.id, 'infoRequestId', v_request.id);
end
$function$;
comment on function app_private.pro_act_questions(app_public.quotes,text[],boolean) is null;
revoke all on function app_private.pro_act_questions(app_public.quotes,text[],boolean) from public, marine_anonymous, marine_agent, marine_admin;
