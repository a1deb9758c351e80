-- The pro's e-mail carries a token minted by the worker just before the send (so the job queue
-- never holds one); only its digest is stored. A retried send replaces the quote's token (the
-- notice e-mails' tokens are apart: app_private.set_notice_token).
CREATE OR REPLACE FUNCTION app_private.set_pro_token(p_quote_id uuid, p_token_digest bytea)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  delete from app_private.pro_access_tokens where quote_id = p_quote_id and issued_via = 'request';
  insert into app_private.pro_access_tokens (quote_id, digest, expires_at)
    values (p_quote_id, p_token_digest, now() + interval '180 days');
end
$function$;
comment on function app_private.set_pro_token(uuid,bytea) is null;
revoke all on function app_private.set_pro_token(uuid,bytea) from public, marine_anonymous, marine_agent, marine_admin;
