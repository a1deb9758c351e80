-- Admission's first half, at the head of the operation's own transaction on the primary
-- (docs/decisions.md, "Admission in the operation's transaction"): app_hidden.admission_open
-- (CREDS for a bad key, RATEL for a quota certainly spent, nothing counted), then the transaction
-- becomes the caller's (role and app.user_id, as app_hidden.assume_caller does) and keeps the
-- admission in app.admission for app_hidden.admission_count, which counts it once the operation
-- has run. All three settings are transaction-local: nothing stays on the connection. Not
-- security definer: a role cannot be set inside one.
CREATE OR REPLACE FUNCTION app_hidden.admission_check(p_key_digest bytea, p_client_address text, p_window_seconds integer, p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
declare
  v_open json := app_hidden.admission_open(p_key_digest, p_client_address, p_window_seconds, p_anonymous_limit, p_public_limit, p_admin_limit);
begin
  perform pg_catalog.set_config('role', app_hidden.request_role(v_open->'caller'), true),
          pg_catalog.set_config('app.user_id', coalesce(v_open->'caller'->>'userId', ''), true),
          pg_catalog.set_config('app.admission', v_open::text, true);
end
$function$;
comment on function app_hidden.admission_check(bytea,text,integer,integer,integer,integer) is 'Opens an API request''s admission in the operation''s transaction (CREDS, RATEL when certainly spent) and makes the transaction the caller''s; app_hidden.admission_count counts it at the end.';
revoke all on function app_hidden.admission_check(bytea,text,integer,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.admission_check(bytea,text,integer,integer,integer,integer) to marine_anonymous;
