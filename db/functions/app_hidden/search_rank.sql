-- The ranking stage of a text search (docs/search.md "Ranking rules, in order"): the rows of the
-- window (search_walk's best-rated matches, and an exact name) keyed by the ranking rules, then
-- the page after the cursor's (key, search_no). With sort=rating the key is the rating alone.
-- The ranking key is built here and only here: [exact name, units matched, -units matched only
-- through a correction or completion, field score, public rating], where a unit scores 3 in the
-- name or as a specialty (q3), 2 in services or location (q2), 1 elsewhere or through a brand
-- (q1), and units not kept (p_keep) score nothing. q3 and q2 are q1 restricted by weight, so a
-- row q1 does not match scores 0 at once: asked first under soft matching (p_soft), where a row
-- matches few of the units, and of an exact name; otherwise every row is a match of every unit
-- (search_walk), and q1 is not asked.
-- The rows are read in the window's order (rating, then search number, best first) in ranges,
-- each ranked with the best rows of those before it: when p_best (search_top_tier's bound on
-- every row's key[2:4], given only where no exact name is) is the key of all of the page's rows
-- so far, no row after them can reach the page (none has a better key, and each is rated
-- lower or numbered lower), and the rest of the window is not read.
CREATE OR REPLACE FUNCTION app_hidden.search_rank(p_nos integer[], p_bands smallint[], p_q1 tsquery[], p_qe tsquery[], p_q2 tsquery[], p_q3 tsquery[], p_keep boolean[], p_soft boolean, p_name_key text, p_sort text, p_after_key numeric[], p_after_no integer, p_limit integer, p_offset integer, p_best numeric[])
 RETURNS TABLE(id uuid, search_no integer, key numeric[])
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET jit TO 'off'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
declare
  v_need constant integer := p_offset + p_limit + 1;
  v_n constant integer := cardinality(p_nos);
  -- The ends of the ranges: with a bound, three pages' worth of rows, then twelve, then all
  -- (the bench's partial words and typos fill their page within the first, brand + service
  -- within the second); without one, all at once.
  v_ends constant integer[] := case when p_best is null then array[v_n] else array[v_need * 3, v_need * 12, v_n] end;
  v_end integer;
  v_from integer := 1;
  v_nos integer[] := '{}';    -- the best v_need rows so far, in order
  v_bands smallint[] := '{}';
  v_ids uuid[];
  v_keys numeric[];           -- their keys, one a row
  v_at_best integer;          -- how many of them have the bound's key
  -- Rule 1's contractors, by one lookup in the name_key index (not a name_key per row), once
  -- for every range.
  v_exact_names constant integer[] := (select coalesce(array_agg(c.search_no), '{}') from app_public.contractors c
                                        where app_hidden.name_key(c.name) = p_name_key and c.is_active);
begin
  foreach v_end in array v_ends loop
    continue when v_from > least(v_end, v_n);
    with candidates as (
      -- Each row read once, and not copied: the document is stored in the row and uncompressed
      -- (storage main, 0035: none compressed in a sample of 20,000 at 1,000,000), so the tests
      -- read it in place. A copy to detoast it first (`|| ''`) was 3-4% of a search's time at
      -- 1,000,000, and materializing these rows (the documents with them) 10-18% of the rank's.
      select c.id, c.search_no, c.search, w.band, (w.band / 100.0)::numeric(3,2) as rating,
             case when p_name_key is not null then c.search_no = any(v_exact_names) end as exact_name
        from unnest(v_nos || p_nos[v_from:v_end], v_bands || p_bands[v_from:v_end]) as w(no, band)
        join app_public.contractors c on c.search_no = w.no
    ), ranked as (
      select k.id, k.search_no, k.band,
             case when p_sort = 'rating' then array[k.rating]
                  else array[k.exact_name::int, s.matched, -s.corrected, s.field, k.rating] end as key
        from candidates k cross join lateral (
          select count(*) filter (where u.score > 0) as matched,
                 count(*) filter (where u.score > 0 and not k.search @@ p_qe[u.i]) as corrected,
                 coalesce(sum(u.score), 0) as field
            from (select i, case when (p_soft or k.exact_name) and not k.search @@ p_q1[i] then 0
                                 when k.search @@ p_q3[i] then 3 when k.search @@ p_q2[i] then 2 else 1 end as score
                    from generate_subscripts(p_q1, 1) i where p_keep[i]) u) s
    )
    select coalesce(array_agg(r.search_no order by r.key desc, r.search_no desc), '{}'),
           coalesce(array_agg(r.band order by r.key desc, r.search_no desc), '{}'),
           array_agg(r.id order by r.key desc, r.search_no desc),
           array_agg(r.key order by r.key desc, r.search_no desc),
           count(*) filter (where r.key[2:4] = p_best)
      into v_nos, v_bands, v_ids, v_keys, v_at_best
      from (select r.* from ranked r
             where p_after_key is null or (r.key, r.search_no) < (p_after_key, p_after_no)
             order by r.key desc, r.search_no desc
             limit v_need) r;
    exit when v_at_best = v_need;
    v_from := v_end + 1;
  end loop;
  return query
    select v_ids[i], v_nos[i], array(select unnest(v_keys[i:i]))
      from generate_subscripts(v_nos, 1) i
     where i > p_offset
     order by i;
end
$function$;
comment on function app_hidden.search_rank(integer[],smallint[],tsquery[],tsquery[],tsquery[],tsquery[],boolean[],boolean,text,text,numeric[],integer,integer,integer,numeric[]) is 'The ranking stage of a text search: the window''s keys and the page after the cursor (docs/search.md).';
revoke all on function app_hidden.search_rank(integer[],smallint[],tsquery[],tsquery[],tsquery[],tsquery[],boolean[],boolean,text,text,numeric[],integer,integer,integer,numeric[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_rank(integer[],smallint[],tsquery[],tsquery[],tsquery[],tsquery[],boolean[],boolean,text,text,numeric[],integer,integer,integer,numeric[]) to marine_anonymous;
