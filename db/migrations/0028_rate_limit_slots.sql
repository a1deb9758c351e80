-- Up Migration
-- Admission in bounded storage (issue 25, docs/decisions.md): the rolling window is counted in
-- slots of 1/8640 of the window (10 s for 24 h) instead of one row per counted request. Per
-- bucket, one row with the running count (whose lock serialises the bucket's hits, as
-- rate_limit_counts' did), and one row per past slot that had a counted hit, holding the
-- bucket's cumulative count at its end. A bucket keeps at most 8,642 rows whatever its traffic
-- (and about its limit at most); a hit writes one row, the first of a slot two
-- (app_private.rate_limit_take).
--
-- Unlogged, as the log was: a crash (or a failover) forgets recent counts rather than paying WAL
-- on every request.
create unlogged table app_private.rate_limit_buckets (
  bucket text primary key,
  -- When the hits of the bucket's newest slot leave the window: the slot's end plus the window.
  expires_at timestamptz not null,
  -- Counted hits, ever (cumulative).
  total bigint not null,
  -- As of the last recount: the hits that had left the window, and when the oldest slot still
  -- in it leaves it. Until then a hit reads no other row.
  gone bigint not null,
  next_expiry timestamptz not null
);
alter table app_private.rate_limit_buckets enable row level security;
comment on table app_private.rate_limit_buckets is 'Rolling-window rate-limit counts: per bucket, the running count, its newest slot and the hits that have left the window (kept by app_private.rate_limit_take under the row''s lock).';

create unlogged table app_private.rate_limit_slots (
  bucket text not null,
  -- When this slot's hits leave the window.
  expires_at timestamptz not null,
  -- The bucket's counted hits up to the end of this slot (cumulative).
  total bigint not null,
  primary key (bucket, expires_at)
);
alter table app_private.rate_limit_slots enable row level security;
comment on table app_private.rate_limit_slots is 'Rolling-window rate-limit counts: per bucket, the cumulative count at the end of each past slot (1/8640 of the window) that had a counted hit; rows no longer needed are reused.';

-- The log's counts carried over (its rows, grouped by slot; a key's or address's window taken as
-- the default 24 h, registration's as its hour): the newest slot of each bucket in its row, the
-- others as past slots.
create temporary table carried on commit drop as
select bucket, expires_at, sum(hits) over (partition by bucket order by expires_at) as total,
       min(expires_at) over (partition by bucket) as oldest, row_number() over (partition by bucket order by expires_at desc) as nth
  from (
    select bucket,
           timestamptz 'epoch' + interval '1 microsecond' * ((floor(extract(epoch from at) * 1e6 / step_us) + 1) * step_us)
             + make_interval(secs => window_seconds) as expires_at,
           count(*) as hits
      from (
        select h.bucket, h.at, w.window_seconds, ceil(w.window_seconds * 1e6 / 8640) as step_us
          from app_private.rate_limit_hits h
          cross join lateral (select case when h.bucket like 'register:%' then 3600 else 86400 end as window_seconds) w
      ) hit
     group by 1, 2
  ) slot;
insert into app_private.rate_limit_buckets (bucket, expires_at, total, gone, next_expiry)
select bucket, expires_at, total, 0, oldest from carried where nth = 1;
insert into app_private.rate_limit_slots (bucket, expires_at, total)
select bucket, expires_at, total from carried where nth > 1;

drop table app_private.rate_limit_hits, app_private.rate_limit_counts;
