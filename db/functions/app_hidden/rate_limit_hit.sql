-- Exact under any concurrency: the first statement counts the hit and locks the bucket's row
-- until commit (an upsert waits for a concurrent one of the same bucket and then updates the
-- row as that one committed it), so the rest runs as if alone for this bucket, with the time
-- taken after the wait. Normally two statements; expiry and refusal add one each.
CREATE OR REPLACE FUNCTION app_hidden.rate_limit_hit(p_bucket text, p_limit integer, p_window_seconds integer)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
declare
  v_window interval := make_interval(secs => p_window_seconds);
  v_count integer;  -- the log's rows for this bucket, this hit included
  v_oldest timestamptz;
  v_now timestamptz;
  v_expired integer := 0;
begin
  insert into app_private.rate_limit_counts as c (bucket, hits) values (p_bucket, 1)
    on conflict (bucket) do update set hits = c.hits + 1
    returning c.hits, c.oldest_at into v_count, v_oldest;
  v_now := clock_timestamp();
  if v_oldest <= v_now - v_window then
    with gone as (
      delete from app_private.rate_limit_hits where bucket = p_bucket and at <= v_now - v_window returning 1
    ) select count(*) into v_expired from gone;
    select at into v_oldest from app_private.rate_limit_hits where bucket = p_bucket order by at limit 1;
    v_count := v_count - v_expired;
  end if;
  if v_count > p_limit then
    -- Refused: not counted after all.
    update app_private.rate_limit_counts set hits = v_count - 1, oldest_at = v_oldest where bucket = p_bucket;
    return json_build_object('allowed', false, 'limit', p_limit, 'remaining', 0, 'window', p_window_seconds,
      'reset', greatest(1, ceil(extract(epoch from v_oldest + v_window - v_now)))::int);
  end if;
  if v_expired > 0 or v_oldest is null then
    with hit as (insert into app_private.rate_limit_hits (bucket, at) values (p_bucket, v_now))
    update app_private.rate_limit_counts set hits = v_count, oldest_at = coalesce(v_oldest, v_now) where bucket = p_bucket;
  else
    insert into app_private.rate_limit_hits (bucket, at) values (p_bucket, v_now);
  end if;
  return json_build_object('allowed', true, 'limit', p_limit, 'remaining', p_limit - v_count, 'window', p_window_seconds,
    'reset', greatest(1, ceil(extract(epoch from coalesce(v_oldest, v_now) + v_window - v_now)))::int);
end
$function$;
comment on function app_hidden.rate_limit_hit(text,integer,integer) is 'Counts a request against a rolling-window limit; returns allowed, limit, remaining and reset (seconds until a slot frees).';
revoke all on function app_hidden.rate_limit_hit(text,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rate_limit_hit(text,integer,integer) to marine_anonymous;
