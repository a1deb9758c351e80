-- A pro write's answer without confirm: what it would do, on which quote; nothing written.
CREATE OR REPLACE FUNCTION app_private.pro_preview(p_action text, q app_public.quotes, p_detail jsonb)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('preview', json_build_object('action', p_action,
      'detail', jsonb_build_object('quoteId', q.id) || p_detail))
  $function$;
comment on function app_private.pro_preview(text,app_public.quotes,jsonb) is null;
revoke all on function app_private.pro_preview(text,app_public.quotes,jsonb) from public, marine_anonymous, marine_agent, marine_admin;
