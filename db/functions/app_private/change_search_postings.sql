-- Moves postings: (term, state, search_no) triples out of and into search_postings. The rows
-- are locked in key order first, so concurrent writers wait for each other instead of
-- deadlocking; removals go before additions (a row whose document changed is in both).
CREATE OR REPLACE FUNCTION app_private.change_search_postings(p_out_terms text[], p_out_states text[], p_out_nos integer[], p_in_terms text[], p_in_states text[], p_in_nos integer[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
    select from app_private.search_postings p
     where (p.term, p.state) in (select u.t, u.s from unnest(p_out_terms, p_out_states) as u(t, s)
                                 union select u.t, u.s from unnest(p_in_terms, p_in_states) as u(t, s))
     order by p.term, p.state
       for update;
    update app_private.search_postings p set contractors = p.contractors - r.nos
      from (select u.t, u.s, array_agg(u.n) as nos from unnest(p_out_terms, p_out_states, p_out_nos) as u(t, s, n) group by u.t, u.s) r
     where p.term = r.t and p.state = r.s;
    insert into app_private.search_postings as p (term, state, contractors)
    select u.t, u.s, sort(array_agg(u.n)) from unnest(p_in_terms, p_in_states, p_in_nos) as u(t, s, n)
     group by u.t, u.s order by u.t, u.s
        on conflict (term, state) do update set contractors = p.contractors | excluded.contractors;
  $function$;
comment on function app_private.change_search_postings(text[],text[],integer[],text[],text[],integer[]) is 'Removes and adds (term, state, search_no) postings, locking rows in key order.';
revoke all on function app_private.change_search_postings(text[],text[],integer[],text[],text[],integer[]) from public, marine_anonymous, marine_agent, marine_admin;
