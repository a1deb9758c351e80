-- Forgets up to p_batch rate-limit buckets whose every counted hit has left the window
-- (docs/decisions.md, "Admission in bounded storage"). A bucket's expires_at is when its newest
-- slot's hits leave the window, so once it has passed the bucket counts nothing, and removing it
-- with its slot rows changes no answer: its next hit starts it again as a first hit would. Without
-- this, every client address ever seen kept its rows (up to its bounds) until it came back. The
-- job worker runs it every hour (worker/tasks/rate_limits__sweep.ts). A hit of the bucket meanwhile is
-- not lost: the delete re-reads a row a hit updated under it and keeps it (its expires_at has
-- moved on), and a hit waiting on a deleted row inserts it afresh. Returns the buckets removed.
-- p_now is for tests; null reads the clock.
CREATE OR REPLACE FUNCTION app_private.rate_limit_sweep(p_batch integer, p_now timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
  with gone as (
    delete from app_private.rate_limit_buckets b
     where b.bucket in (select o.bucket from app_private.rate_limit_buckets o
                         where o.expires_at <= coalesce(p_now, clock_timestamp())
                         limit p_batch)
       and b.expires_at <= coalesce(p_now, clock_timestamp())
    returning b.bucket
  ), slots as (
    delete from app_private.rate_limit_slots s using gone where s.bucket = gone.bucket
  )
  select count(*)::integer from gone
$function$;
comment on function app_private.rate_limit_sweep(integer,timestamp with time zone) is 'Removes up to p_batch rate-limit buckets (and their slots) whose every counted hit has left the window; returns how many.';
revoke all on function app_private.rate_limit_sweep(integer,timestamp with time zone) from public, marine_anonymous, marine_agent, marine_admin;
