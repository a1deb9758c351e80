-- A hit against a rolling-window limit, now (app_private.rate_limit_take: slots of 1/8640 of the
-- window, one row written per counted hit, at most 8,642 rows per bucket).
CREATE OR REPLACE FUNCTION app_hidden.rate_limit_hit(p_bucket text, p_limit integer, p_window_seconds integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return app_private.rate_limit_take(p_bucket, p_limit, p_window_seconds, null);
end
$function$;
comment on function app_hidden.rate_limit_hit(text,integer,integer) is 'Counts a request against a rolling-window limit; returns allowed, limit, remaining and reset (seconds until a slot frees).';
revoke all on function app_hidden.rate_limit_hit(text,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rate_limit_hit(text,integer,integer) to marine_anonymous;
