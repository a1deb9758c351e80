-- Up Migration
-- Rate limits at load (docs/performance.md): rate_limit_hit counted a bucket's rows on every
-- request, so its cost grew with the requests in the window (an admin key at 10,000 a day means
-- a 10,000-row count per request), and callers of one bucket queue on its advisory lock for that
-- long. The sliding log stays (the window is still exact); the number of rows in it is now kept
-- beside it, in one row per bucket, updated under the same lock.
create unlogged table app_private.rate_limit_counts (
  bucket text primary key,
  hits integer not null check (hits >= 0)
);
alter table app_private.rate_limit_counts enable row level security;
comment on table app_private.rate_limit_counts is 'How many rows each bucket has in rate_limit_hits (kept by rate_limit_hit under the bucket''s lock).';

insert into app_private.rate_limit_counts (bucket, hits)
  select bucket, count(*) from app_private.rate_limit_hits group by bucket;

create or replace function app_hidden.rate_limit_hit(p_bucket text, p_limit integer, p_window_seconds integer) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_now timestamptz;
  v_window interval := make_interval(secs => p_window_seconds);
  v_count integer;
  v_expired integer;
  v_oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('rate:' || p_bucket, 0));
  v_now := clock_timestamp();  -- after the wait: now() is when the transaction began
  with gone as (
    delete from app_private.rate_limit_hits where bucket = p_bucket and at <= v_now - v_window returning 1
  ) select count(*) into v_expired from gone;
  select hits - v_expired into v_count from app_private.rate_limit_counts where bucket = p_bucket;
  v_count := coalesce(v_count, 0);
  select at into v_oldest from app_private.rate_limit_hits where bucket = p_bucket order by at limit 1;
  if v_count >= p_limit then
    if v_expired > 0 then
      update app_private.rate_limit_counts set hits = v_count where bucket = p_bucket;
    end if;
    return json_build_object('allowed', false, 'limit', p_limit, 'remaining', 0,
      'reset', greatest(1, ceil(extract(epoch from v_oldest + v_window - v_now)))::int);
  end if;
  insert into app_private.rate_limit_hits (bucket, at) values (p_bucket, v_now);
  insert into app_private.rate_limit_counts as c (bucket, hits) values (p_bucket, v_count + 1)
    on conflict (bucket) do update set hits = excluded.hits;
  return json_build_object('allowed', true, 'limit', p_limit, 'remaining', p_limit - v_count - 1,
    'reset', greatest(1, ceil(extract(epoch from coalesce(v_oldest, v_now) + v_window - v_now)))::int);
end
$$;
