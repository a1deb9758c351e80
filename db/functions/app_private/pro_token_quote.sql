-- The quote a pro access token (its SHA-256 digest as hex) is scoped to, when it is the one asked
-- for. An unknown or expired token is CREDS; any other quote id is "not found", so a token never
-- reveals whether another quote exists. Access ends when the token's expires_at has passed, or
-- 90 days after the work was completed (as the owner's), whichever comes first.
CREATE OR REPLACE FUNCTION app_private.pro_token_quote(p_token_digest_hex text, p_quote_id text)
 RETURNS app_public.quotes
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_token app_private.pro_access_tokens;
  v_quote app_public.quotes;
  v_completed_at timestamptz;
begin
  if p_token_digest_hex ~ '^[0-9a-f]{64}$' then
    select * into v_token from app_private.pro_access_tokens where digest = decode(p_token_digest_hex, 'hex');
  end if;
  if v_token.id is null then
    raise exception 'Invalid pro access token' using errcode = 'CREDS';
  end if;
  select o.completed_at into v_completed_at
    from app_public.quotes q join app_public.opportunities o on o.id = q.opportunity_id where q.id = v_token.quote_id;
  if v_token.expires_at <= now() or v_completed_at + interval '90 days' <= now() then
    raise exception 'Pro access has expired' using errcode = 'CREDS',
      detail = 'A pro access link works for 180 days, and ends 90 days after the work is completed.';
  end if;
  if v_token.quote_id::text <> lower(p_quote_id) then
    raise exception 'Quote not found' using errcode = 'NTFND';
  end if;
  select * into v_quote from app_public.quotes where id = v_token.quote_id;
  return v_quote;
end
$function$;
comment on function app_private.pro_token_quote(text,text) is 'The quote of a pro access token (its SHA-256 digest as hex) when it is the one asked for; CREDS or NTFND otherwise.';
revoke all on function app_private.pro_token_quote(text,text) from public, marine_anonymous, marine_agent, marine_admin;
