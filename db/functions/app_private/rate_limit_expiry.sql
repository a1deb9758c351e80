-- When a hit at p_at leaves a rolling window of p_window_seconds counted in slots of 1/8640 of it:
-- the end of its slot (slots are aligned on the epoch, in whole microseconds) plus the window.
-- Without settings, so that it is inlined into its callers.
CREATE OR REPLACE FUNCTION app_private.rate_limit_expiry(p_at timestamp with time zone, p_window_seconds integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select timestamptz 'epoch' + make_interval(secs => p_window_seconds) + interval '1 microsecond'
    * ((floor(extract(epoch from p_at) * 1e6 / ceil(p_window_seconds * 1e6 / 8640)) + 1) * ceil(p_window_seconds * 1e6 / 8640))
$function$;
comment on function app_private.rate_limit_expiry(timestamp with time zone,integer) is 'When a hit at p_at leaves a rolling window of p_window_seconds counted in slots of 1/8640 of it (its slot''s end plus the window).';
revoke all on function app_private.rate_limit_expiry(timestamp with time zone,integer) from public, marine_anonymous, marine_agent, marine_admin;
