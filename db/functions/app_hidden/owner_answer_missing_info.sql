CREATE OR REPLACE FUNCTION app_hidden.owner_answer_missing_info(p_token text, p_opportunity_id text, p_quote_id text, p_answers text[], p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
  v_request app_public.info_requests;
begin
  perform app_private.open_thread(v_quote);
  select * into v_request from app_public.info_requests
   where quote_id = v_quote.id and answered_at is null order by requested_at, id limit 1 for update;
  if v_request.id is null then
    raise exception 'This pro has no open missing-info request' using errcode = 'CONFL';
  end if;
  -- One answer per question, in the pro's order: a shorter or longer list would pair answers
  -- with the wrong questions (the feed, the e-mails and both pages show them side by side).
  if cardinality(p_answers) is distinct from cardinality(v_request.questions) then
    raise exception 'Give one answer per question' using errcode = 'INVAL',
      detail = format('answers: the pro asked %s question(s); %s answer(s) were given.',
        cardinality(v_request.questions), coalesce(cardinality(p_answers), 0));
  end if;
  if p_confirm then
    update app_public.info_requests set answers = p_answers, answered_at = now() where id = v_request.id;
    perform app_private.quote_event('quote.info_provided', v_quote, jsonb_build_object('infoRequestId', v_request.id,
      'questions', to_jsonb(v_request.questions), 'answers', to_jsonb(p_answers)));
  end if;
  return app_private.preview_or_done(p_confirm, 'answer_missing_info', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'requestId', v_request.id,
    'questions', v_request.questions, 'answers', p_answers), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_answer_missing_info(text,text,text,text[],boolean) is 'The owner answers a pro''s open missing-info request; see POST .../missing-info.';
revoke all on function app_hidden.owner_answer_missing_info(text,text,text,text[],boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_answer_missing_info(text,text,text,text[],boolean) to marine_anonymous;
