CREATE OR REPLACE FUNCTION app_private.owner_token_opportunity(p_token_digest_hex text)
 RETURNS app_public.opportunities
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities;
begin
  if p_token_digest_hex ~ '^[0-9a-f]{64}$' then
    select o.* into v_opportunity
      from app_private.owner_access_tokens t join app_public.opportunities o on o.id = t.opportunity_id
     where t.digest = decode(p_token_digest_hex, 'hex');
  end if;
  if v_opportunity.id is null then
    raise exception 'Invalid owner access token' using errcode = 'CREDS';
  end if;
  if v_opportunity.completed_at is not null and v_opportunity.completed_at + interval '90 days' < now() then
    raise exception 'Owner access has expired' using errcode = 'CREDS',
      detail = 'Owner access ends 90 days after the work is completed.';
  end if;
  return v_opportunity;
end
$function$;
comment on function app_private.owner_token_opportunity(text) is 'The Opportunity of an owner access token (its SHA-256 digest as hex), or CREDS.';
revoke all on function app_private.owner_token_opportunity(text) from public, marine_anonymous, marine_agent, marine_admin;
