-- A pro's message to the owner, for every door (the pro's token: app_hidden.pro_send_message;
-- staff: app_public.pro_send_message). q comes locked from app_private.actionable_quote (open
-- thread). Every check runs before the preview, so a preview fails exactly as the write would.
CREATE OR REPLACE FUNCTION app_private.pro_act_message(q app_public.quotes, p_content text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_message app_public.quote_messages;
begin
  if p_content is null or length(p_content) not between 1 and 5000 then
    raise exception 'A message must be 1 to 5000 characters' using errcode = 'INVAL';
  end if;
  if not p_confirm then
    return app_private.pro_preview('send_message', q, jsonb_build_object('content', p_content));
  end if;
  insert into app_public.quote_messages (quote_id, author, body) values (q.id, 'pro', p_content) returning * into v_message;
  perform app_private.pro_acted('quote.pro_message_sent', q, jsonb_build_object('messageId', v_message.id, 'content', v_message.body), to_jsonb(v_message));
  return json_build_object('quoteId', q.id, 'messageId', v_message.id);
end
$function$;
comment on function app_private.pro_act_message(app_public.quotes,text,boolean) is null;
revoke all on function app_private.pro_act_message(app_public.quotes,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
