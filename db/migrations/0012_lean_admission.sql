-- Up Migration
-- Admission with fewer statements and no lock of its own (issue 7, docs/performance.md). Every
-- API request is admitted: under load one busy key's admission cost about 0.4 ms of PostgreSQL
-- time, mostly statement overhead (planning, executor start-up) of ten statements, and queued
-- its bucket behind an advisory lock held for all of them.

-- The bucket's oldest hit in the log (null: none), kept with its count, so a hit reads both in
-- the statement that counts it and looks at the log only when something has left the window.
alter table app_private.rate_limit_counts add column oldest_at timestamptz;
update app_private.rate_limit_counts c
   set oldest_at = (select min(h.at) from app_private.rate_limit_hits h where h.bucket = c.bucket);
comment on table app_private.rate_limit_counts is 'How many rows each bucket has in rate_limit_hits, and the oldest one''s time (kept by rate_limit_hit under the row''s lock).';

-- Exact under any concurrency: the first statement counts the hit and locks the bucket's row
-- until commit (an upsert waits for a concurrent one of the same bucket and then updates the
-- row as that one committed it), so the rest runs as if alone for this bucket, with the time
-- taken after the wait. Normally two statements; expiry and refusal add one each.
create or replace function app_hidden.rate_limit_hit(p_bucket text, p_limit integer, p_window_seconds integer) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  set plan_cache_mode to force_generic_plan
  as $$
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
    return json_build_object('allowed', false, 'limit', p_limit, 'remaining', 0,
      'reset', greatest(1, ceil(extract(epoch from v_oldest + v_window - v_now)))::int);
  end if;
  if v_expired > 0 or v_oldest is null then
    with hit as (insert into app_private.rate_limit_hits (bucket, at) values (p_bucket, v_now))
    update app_private.rate_limit_counts set hits = v_count, oldest_at = coalesce(v_oldest, v_now) where bucket = p_bucket;
  else
    insert into app_private.rate_limit_hits (bucket, at) values (p_bucket, v_now);
  end if;
  return json_build_object('allowed', true, 'limit', p_limit, 'remaining', p_limit - v_count,
    'reset', greatest(1, ceil(extract(epoch from coalesce(v_oldest, v_now) + v_window - v_now)))::int);
end
$$;

-- One statement for the key, its user and last use; the last-use write only when it is due.
create or replace function app_hidden.authenticate_api_key(p_key text) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  set plan_cache_mode to force_generic_plan
  as $$
declare
  v_key record;
begin
  select k.id, k.user_id, k.last_used_at, k.tier = 'admin' and u.is_admin as is_admin into v_key
    from app_private.api_key_secrets s
    join app_public.api_keys k on k.id = s.key_id
    join app_public.users u on u.id = k.user_id
   where s.digest = digest(p_key, 'sha256') and k.revoked_at is null;
  if not found then
    raise exception 'Invalid or inactive API key' using errcode = 'CREDS',
      detail = 'The key is unknown or revoked. Mint a new one with POST /api/v1/user-api-keys, or register again.';
  end if;
  -- Written at most once a minute per key, not on every request.
  if v_key.last_used_at is null or v_key.last_used_at < now() - interval '1 minute' then
    update app_public.api_keys set last_used_at = now()
     where id = v_key.id and (last_used_at is null or last_used_at < now() - interval '1 minute');
  end if;
  return json_build_object('userId', v_key.user_id, 'keyId', v_key.id, 'tier', case when v_key.is_admin then 'admin' else 'public' end);
end
$$;

-- Role and claims in one statement.
create or replace function app_hidden.assume_admitted() returns void
  language plpgsql volatile
  as $$
declare
  v_admission json := nullif(pg_catalog.current_setting('app.admission', true), '')::json;
begin
  if v_admission is null then
    raise exception 'assume_admitted() without an admission in this session';
  end if;
  if not (v_admission->'rate'->>'allowed')::boolean then
    raise exception 'Rate limit exceeded' using errcode = 'RATEL', detail = v_admission::text;
  end if;
  perform pg_catalog.set_config('role', v_admission->>'role', true),
          pg_catalog.set_config('app.user_id', coalesce(v_admission->'caller'->>'userId', ''), true);
end
$$;
