-- Staff acting for a pro (GraphQL mutation proSendMessage): the same rule as the pro's own door
-- (app_private.pro_act_message), always confirmed.
CREATE OR REPLACE FUNCTION app_public.pro_send_message(quote_id uuid, content text)
 RETURNS app_public.quote_messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
-- The parameters are named for GraphQL; in statements, bare names mean the columns.
#variable_conflict use_column
declare
  v_row app_public.quote_messages;
  v_id uuid := (app_private.pro_act_message(app_private.actionable_quote(pro_send_message.quote_id), pro_send_message.content, true)->>'messageId')::uuid;
begin
  select * into v_row from app_public.quote_messages where id = v_id;
  return v_row;
end
$function$;
comment on function app_public.pro_send_message(uuid,text) is 'For a pro: sends a message to the owner in a quote thread.';
revoke all on function app_public.pro_send_message(uuid,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_send_message(uuid,text) to marine_admin;
