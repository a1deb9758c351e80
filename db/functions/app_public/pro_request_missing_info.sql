CREATE OR REPLACE FUNCTION app_public.pro_request_missing_info(quote_id uuid, questions text[])
 RETURNS app_public.info_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_quote app_public.quotes := app_private.actionable_quote(quote_id);
  v_request app_public.info_requests;
begin
  perform app_private.before_award(v_quote);
  insert into app_public.info_requests (quote_id, questions) values (v_quote.id, questions) returning * into v_request;
  update app_public.quotes set status = 'info_requested' where id = v_quote.id and status = 'requested';
  perform app_private.pro_acted('pro_info_request', v_quote, jsonb_build_object('infoRequestId', v_request.id), to_jsonb(v_request));
  return v_request;
end
$function$;
comment on function app_public.pro_request_missing_info(uuid,text[]) is 'For a pro: asks the owner questions (1 to 20) before quoting.';
revoke all on function app_public.pro_request_missing_info(uuid,text[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_request_missing_info(uuid,text[]) to marine_admin;
