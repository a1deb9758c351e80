CREATE OR REPLACE FUNCTION app_private.preview_or_done(p_confirm boolean, p_action text, p_detail json, p_opportunity_id uuid)
 RETURNS json
 LANGUAGE sql
 IMMUTABLE
AS $function$
    select case when p_confirm then json_build_object('opportunityId', p_opportunity_id)
                else json_build_object('preview', json_build_object('action', p_action, 'detail', p_detail)) end
  $function$;
comment on function app_private.preview_or_done(boolean,text,json,uuid) is null;
revoke all on function app_private.preview_or_done(boolean,text,json,uuid) from public, marine_anonymous, marine_agent, marine_admin;
