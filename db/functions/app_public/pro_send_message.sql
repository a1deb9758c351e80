CREATE OR REPLACE FUNCTION app_public.pro_send_message(quote_id uuid, content text)
 RETURNS app_public.quote_messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_message app_public.quote_messages;
begin
  insert into app_public.quote_messages (quote_id, author, body) values (v_quote.id, 'pro', content) returning * into v_message;
  perform app_private.pro_acted('pro_message', v_quote, jsonb_build_object('messageId', v_message.id), to_jsonb(v_message));
  return v_message;
end
$function$;
comment on function app_public.pro_send_message(uuid,text) is 'For a pro: sends a message to the owner in a quote thread.';
revoke all on function app_public.pro_send_message(uuid,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_send_message(uuid,text) to marine_admin;
