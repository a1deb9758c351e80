CREATE OR REPLACE FUNCTION app_hidden.count_registration_attempt(p_client_address text, p_per_hour integer)
 RETURNS json
 LANGUAGE plpgsql
 VOLATILE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  -- Agent registrations are throttled per client address and hour, so keys cannot be farmed.
  return app_hidden.rate_limit_hit('register:' || p_client_address, p_per_hour, 3600);
end
$function$;
comment on function app_hidden.count_registration_attempt(text,integer) is 'Counts an agent registration attempt against its client address''s hourly allowance; returns the rate-limit state (allowed, limit, remaining, reset).';
revoke all on function app_hidden.count_registration_attempt(text,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.count_registration_attempt(text,integer) to marine_anonymous;
