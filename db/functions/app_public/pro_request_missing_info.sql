-- Staff acting for a pro (GraphQL mutation proRequestMissingInfo): the same rule as the pro's own
-- door (app_private.pro_act_questions), always confirmed.
CREATE OR REPLACE FUNCTION app_public.pro_request_missing_info(quote_id uuid, questions text[])
 RETURNS app_public.info_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
-- The parameters are named for GraphQL; in statements, bare names mean the columns.
#variable_conflict use_column
declare
  v_row app_public.info_requests;
  v_id uuid := (app_private.pro_act_questions(app_private.actionable_quote(pro_request_missing_info.quote_id), pro_request_missing_info.questions, true)->>'infoRequestId')::uuid;
begin
  select * into v_row from app_public.info_requests where id = v_id;
  return v_row;
end
$function$;
comment on function app_public.pro_request_missing_info(uuid,text[]) is 'For a pro: asks the owner questions (1 to 20) before quoting.';
revoke all on function app_public.pro_request_missing_info(uuid,text[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_public.pro_request_missing_info(uuid,text[]) to marine_admin;
