-- One hit against a rolling-window limit, in bounded storage (docs/decisions.md, "Admission in
-- bounded storage"). The window is counted in slots of 1/8640 of it (10 s for 24 h): a hit
-- counts until its slot's end plus the window (expires_at), so between one window and one window
-- plus one slot: never more than the limit in any rolling window, and the window moves in steps
-- of one slot. The bucket's row holds the running count (total) and its newest slot; each past
-- slot that had a counted hit keeps the cumulative count at its end (rate_limit_slots), so the
-- window's count is total less the newest expired slot's (gone, kept on the bucket's row until
-- its next_expiry).
--
-- Exact under any concurrency: the first statement takes the bucket row's lock until commit
-- (an upsert, whose `where` refuses to update but still locks), so the rest runs as if alone for
-- this bucket and sees what the previous holder committed. Most hits end there: one statement,
-- one row written. The first hit of a slot also keeps the previous slot's count (one more row,
-- reusing one no longer needed); a refused hit writes nothing. A bucket never holds more than
-- 8,642 rows (itself, the 8,640 slots a window spans and the newest expired one, the baseline).
-- p_now is for tests; null reads the clock.
CREATE OR REPLACE FUNCTION app_private.rate_limit_take(p_bucket text, p_limit integer, p_window_seconds integer, p_now timestamp with time zone)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
declare
  v_window interval := make_interval(secs => p_window_seconds);
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_expires timestamptz;  -- when hits of now's slot leave the window
  v_newest timestamptz;   -- the bucket's newest slot
  v_total bigint;
  v_gone bigint;
  v_next timestamptz;     -- when the oldest slot in the window leaves it
  v_count bigint;         -- hits in the window, this one included when allowed
  v_allowed boolean := true;
begin
  v_expires := app_private.rate_limit_expiry(v_now, p_window_seconds);
  -- Most hits: the clock, read once the row is locked, is still in the bucket's newest slot and
  -- before any other slot leaves the window.
  insert into app_private.rate_limit_buckets as b (bucket, expires_at, total, gone, next_expiry)
  select p_bucket, v_expires, 1, 0, v_expires where p_limit > 0
  on conflict (bucket) do update set total = b.total + 1
   where coalesce(p_now, clock_timestamp()) < least(b.expires_at - v_window, b.next_expiry) and b.total - b.gone < p_limit
  returning b.total - b.gone, b.next_expiry into v_count, v_next;
  if not found then
    -- The row is locked (or there is none: a limit of 0); the clock is read after the wait.
    v_now := coalesce(p_now, clock_timestamp());
    v_expires := app_private.rate_limit_expiry(v_now, p_window_seconds);
    select b.expires_at, b.total, b.gone, b.next_expiry into v_newest, v_total, v_gone, v_next
      from app_private.rate_limit_buckets b where b.bucket = p_bucket;
    if v_now >= v_next then
      -- Slots have left the window since the last recount: the baseline moves on.
      if v_newest <= v_now then
        v_gone := v_total;
        v_next := null;
      else
        select coalesce((select s.total from app_private.rate_limit_slots s
                          where s.bucket = p_bucket and s.expires_at <= v_now order by s.expires_at desc limit 1), 0),
               coalesce((select min(s.expires_at) from app_private.rate_limit_slots s
                          where s.bucket = p_bucket and s.expires_at > v_now), v_newest)
          into v_gone, v_next;
      end if;
    end if;
    v_count := coalesce(v_total - v_gone, 0);
    v_next := coalesce(v_next, greatest(v_expires, v_newest));
    if v_count >= p_limit then
      v_allowed := false;  -- refused: nothing written
    else
      v_count := v_count + 1;
      if v_newest < v_expires then
        -- A new slot: the previous one's count is kept, in a row no longer needed (older than
        -- the newest expired one) when there is one.
        update app_private.rate_limit_slots s set expires_at = v_newest, total = v_total
         where s.bucket = p_bucket
           and s.expires_at = (select min(o.expires_at) from app_private.rate_limit_slots o
                                where o.bucket = p_bucket
                                  and o.expires_at < (select max(e.expires_at) from app_private.rate_limit_slots e
                                                       where e.bucket = p_bucket and e.expires_at <= v_now));
        if not found then
          insert into app_private.rate_limit_slots (bucket, expires_at, total) values (p_bucket, v_newest, v_total);
        end if;
      end if;
      update app_private.rate_limit_buckets b
         set expires_at = greatest(v_expires, v_newest), total = v_total + 1, gone = v_gone, next_expiry = v_next
       where b.bucket = p_bucket;
    end if;
  end if;
  return json_build_object('allowed', v_allowed, 'limit', p_limit, 'remaining', greatest(p_limit - v_count, 0),
    'window', p_window_seconds, 'reset', greatest(1, ceil(extract(epoch from v_next - v_now)))::int);
end
$function$;
comment on function app_private.rate_limit_take(text,integer,integer,timestamp with time zone) is 'Counts a hit against a rolling-window limit at p_now (null: the clock), in bounded storage; returns allowed, limit, remaining, window and reset (seconds until the oldest slot in the window leaves it).';
revoke all on function app_private.rate_limit_take(text,integer,integer,timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
