-- The top tier (docs/search.md stage 5): when every kept unit matches in the name or as a
-- specialty for a whole page, those rows in rated order after the position are the page (p_offset
-- on from the first), with the best key but an exact name's ([0, units, -fuzzy, 3 * units,
-- rating]), so nothing is scored. The tier is exactly the rows search_rank gives that key: every
-- unit in the name or a specialty (q3: its words, corrections or completions with weight A, what
-- the 'a:' postings hold), and, where a unit's exact words are posted somewhere, those words
-- matched too, anywhere (qe: else the unit is corrected, rule 3). A unit whose exact words are
-- posted nowhere (a typo, a word typed so far) is corrected in every match, so the key's third
-- place counts these fuzzy units. (Before the rank and the tier were made one key, an exact unit was in the tier through qa, its
-- exact words in the name, while the rank also scores 3 a completion in the name of a unit
-- matched exactly elsewhere, "shrinkwrap" for "shrink": 1 of 16 one-word tiers at 10,000 whose
-- matches all fit the window was not the rank's page.) No tier when it does not fill the page, or cannot: the
-- tier's matches are some of the walk's, so not looked for when the walk found fewer than a page
-- (p_walk_total); nor under an exact name (rule 1 outranks the tier), nor after a cursor's key
-- that is not the tier's, nor when a unit has no alternative whose 'a:' terms are all posted
-- somewhere (a word typed so far, 'elect', is in no name: its walk would read every band to find
-- the tier empty, 17 of 70 ms at 1,000,000). When the walk returned every match (p_walk_total no
-- more than it returned), the tier is read from their documents, in the walk's order and no
-- further once p_need are found, instead of the postings of every band (a walk that finds 22
-- matches of eight words read every band again for the tier: 35-100 ms at 1,000,000); else it is
-- walked over the postings (search_walk over the tier's tsqueries, a unit's qe as one more unit).
-- Without a tier, but for those first two cases, it returns best: a bound on every match's
-- key[2:4] (units, -fuzzy units, and 3 a unit whose q3 has 'a:' terms posted, else 2), from
-- which search_rank stops reading the window once the page's rows have it.
CREATE OR REPLACE FUNCTION app_hidden.search_top_tier(p_walk_nos integer[], p_walk_bands smallint[], p_walk_total integer, p_q text, p_qa tsquery[], p_qe tsquery[], p_q3 tsquery[], p_keep boolean[], p_specialty text, p_city text, p_state text, p_after_key numeric[], p_after_band smallint, p_after_no integer, p_need integer, p_offset integer)
 RETURNS TABLE(nos integer[], keys jsonb[], best numeric[])
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
declare
  v_units constant integer := (select count(*) from unnest(p_keep) k where k);
  v_fuzzy integer;      -- units whose exact words are posted nowhere: in the tier through q3
  v_tier_q tsquery[];   -- each unit's q3, then the qe of those whose q3 is more than qa
  v_tier_keep boolean[]; -- which of them the tier asks for
  v_tier_posted boolean; -- every unit's q3 has an alternative posted somewhere
  v_tier record;
begin
  if not coalesce(p_walk_total >= p_need
                  and not exists (select from app_public.contractors c
                                   where c.is_active and app_hidden.name_key(c.name) = app_hidden.name_key(p_q)), false) then
    return;
  end if;
  -- Each unit's tsqueries asked whether one of their alternatives has all its terms posted: its
  -- exact words and q3 when it has corrections or completions (else q3 is qa), and qa.
  select p_q3 || coalesce(array_agg(p_qe[u.i] order by u.i) filter (where u.exact_too), '{}'),
         p_keep || coalesce(array_agg(true) filter (where u.exact_too), '{}'),
         count(*) filter (where u.kept and not u.exact_posted),
         coalesce(bool_and(u.q3_posted) filter (where u.kept), false),
         array[v_units, -count(*) filter (where u.kept and not u.exact_posted),
               sum(case when u.q3_posted then 3 else 2 end) filter (where u.kept)]
    into v_tier_q, v_tier_keep, v_fuzzy, v_tier_posted, best
    from (select i, p_keep[i] as kept, coalesce(pr.exact, true) as exact_posted, coalesce(pr.q3, pr.qa) as q3_posted,
                 -- a kept unit whose q3 reaches past its exact words in the name, which are posted: qe asked too
                 p_keep[i] and coalesce(pr.exact, true) and p_q3[i] <> p_qa[i] as exact_too
            from generate_subscripts(p_qe, 1) i
            left join lateral (
              select bool_or(x.posted) filter (where v.kind = 'exact') as exact,
                     bool_or(x.posted) filter (where v.kind = 'qa') as qa,
                     bool_or(x.posted) filter (where v.kind = 'q3') as q3
                from (values ('exact', p_qe[i]), ('qa', p_qa[i]), ('q3', p_q3[i])) v(kind, q)
                cross join lateral (
                  select exists (select from app_hidden.search_unit_terms(array[v.q]) t group by t.alt
                                 having bool_and(exists (select from app_private.search_postings p where p.term = t.term))) as posted) x
               where p_keep[i] and (v.kind = 'qa' or p_q3[i] <> p_qa[i])) pr on true) u;
  if not ((p_after_key is null or p_after_key[1:4] = array[0, v_units, -v_fuzzy, 3 * v_units]::numeric[]) and v_tier_posted) then
    return next;  -- no tier: the bound alone
    return;
  end if;
  if p_walk_total <= cardinality(p_walk_nos) then
    select coalesce(array_agg(t.no order by t.n), '{}') as nos, coalesce(array_agg(t.band order by t.n), '{}') as bands
      into v_tier
      from (select w.no, w.band, w.n
              from unnest(p_walk_nos, p_walk_bands) with ordinality as w(no, band, n)
              join app_public.contractors c on c.search_no = w.no
             where (p_after_band is null or (w.band, w.no) < (p_after_band, p_after_no))
               and not exists (select from generate_subscripts(v_tier_q, 1) i where v_tier_keep[i] and not c.search @@ v_tier_q[i])
             order by w.n
             limit p_need) t;
  else
    -- (a unit of the tier walked nowhere leaves the tier empty: the walk's matches are then the other units')
    select w.nos, w.bands into v_tier
      from app_hidden.search_walk(v_tier_q, v_tier_keep, p_specialty, p_city, p_state, p_need, 0, p_after_band, p_after_no) w
     where true = all(w.unit_found);
  end if;
  if cardinality(v_tier.nos) >= p_need then
    nos := v_tier.nos[p_offset + 1:];
    keys := array(select jsonb_build_array(0, v_units, -v_fuzzy, 3 * v_units, (b / 100.0)::numeric(3,2))
                    from unnest(v_tier.bands[p_offset + 1:]) b);
  end if;
  return next;
end
$function$;
comment on function app_hidden.search_top_tier(integer[],smallint[],integer,text,tsquery[],tsquery[],tsquery[],boolean[],text,text,text,numeric[],smallint,integer,integer,integer) is 'The top tier of a text search: the page when every unit matches in the name or as a specialty for a whole page, in rated order, with its keys; and a bound on every match''s key (docs/search.md).';
revoke all on function app_hidden.search_top_tier(integer[],smallint[],integer,text,tsquery[],tsquery[],tsquery[],boolean[],text,text,text,numeric[],smallint,integer,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_top_tier(integer[],smallint[],integer,text,tsquery[],tsquery[],tsquery[],boolean[],text,text,text,numeric[],smallint,integer,integer,integer) to marine_anonymous;
