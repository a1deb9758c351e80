CREATE OR REPLACE FUNCTION app_hidden.owner_send_message(p_token text, p_opportunity_id text, p_quote_id text, p_content text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
  v_message_id uuid;
begin
  perform app_private.open_thread(v_quote);
  if p_confirm then
    insert into app_public.quote_messages (quote_id, author, body) values (v_quote.id, 'owner', p_content)
      returning id into v_message_id;
    perform app_private.quote_event('quote.owner_message_sent', v_quote,
      jsonb_build_object('messageId', v_message_id, 'content', p_content));
  end if;
  return app_private.preview_or_done(p_confirm, 'send_message', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'content', p_content), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_send_message(text,text,text,text,boolean) is 'The owner messages a pro; see POST .../owner/opportunities/{id}/messages.';
revoke all on function app_hidden.owner_send_message(text,text,text,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_send_message(text,text,text,text,boolean) to marine_anonymous;
