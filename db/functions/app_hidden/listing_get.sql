-- GET /api/v1/pro/listing: the claimed listing of a listing access token (its digest as hex).
CREATE OR REPLACE FUNCTION app_hidden.listing_get(p_token_digest_hex text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_access record := app_private.listing_token_access(p_token_digest_hex);
begin
  return app_private.listing_access_json(v_access.claim, v_access.access_expires_at);
end
$function$;
comment on function app_hidden.listing_get(text) is 'The claim and full profile of the listing a listing access token edits. See GET /api/v1/pro/listing.';
revoke all on function app_hidden.listing_get(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.listing_get(text) to marine_anonymous;
