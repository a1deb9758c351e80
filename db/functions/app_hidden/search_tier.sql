-- The top tier from the walk's matches, when the walk returned every one of them (its count no
-- more than it returned; search_contractors, docs/search.md stage 5): those that match every
-- kept unit in the name or as a specialty (qa, weight A: what the tier's 'a:' postings hold), in
-- rated order after the position, at most p_need. The tier's matches are some of the walk's, so
-- these are the rows a walk over the 'a:' postings gives, read from at most the walk's documents
-- (and no more once p_need are found) instead of the postings of every band: a walk that finds
-- 22 matches of eight words read every band again for the tier (35-100 ms at 1,000,000).
CREATE OR REPLACE FUNCTION app_hidden.search_tier(p_nos integer[], p_bands smallint[], p_qa tsquery[], p_keep boolean[], p_after_band smallint, p_after_no integer, p_need integer)
 RETURNS TABLE(nos integer[], bands smallint[])
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
begin
  return query
    select coalesce(array_agg(t.no order by t.n), '{}'), coalesce(array_agg(t.band order by t.n), '{}')
      from (select w.no, w.band, w.n
              from unnest(p_nos, p_bands) with ordinality as w(no, band, n)
              join app_public.contractors c on c.search_no = w.no
             where (p_after_band is null or (w.band, w.no) < (p_after_band, p_after_no))
               and not exists (select from generate_subscripts(p_qa, 1) i where p_keep[i] and not c.search @@ p_qa[i])
             order by w.n
             limit p_need) t;
end
$function$;
comment on function app_hidden.search_tier(integer[],smallint[],tsquery[],boolean[],smallint,integer,integer) is 'The text search''s top tier from the walk''s matches when it returned all of them (docs/search.md).';
revoke all on function app_hidden.search_tier(integer[],smallint[],tsquery[],boolean[],smallint,integer,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_tier(integer[],smallint[],tsquery[],boolean[],smallint,integer,integer) to marine_anonymous;
