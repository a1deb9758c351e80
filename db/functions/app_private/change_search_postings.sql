-- Moves postings: (term, band, search_no) triples out of and into search_postings. The rows are
-- locked in key order first, so concurrent writers wait for each other instead of deadlocking;
-- removals go before additions (a contractor whose rating or document changed is in both), and
-- a row left empty goes, so a search's walk reads only bands that hold someone.
CREATE OR REPLACE FUNCTION app_private.change_search_postings(p_out_terms text[], p_out_bands smallint[], p_out_nos integer[], p_in_terms text[], p_in_bands smallint[], p_in_nos integer[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
    select from app_private.search_postings p
     where (p.term, p.band) in (select u.t, u.b from unnest(p_out_terms, p_out_bands) as u(t, b)
                                union select u.t, u.b from unnest(p_in_terms, p_in_bands) as u(t, b))
     order by p.term, p.band
       for update;
    update app_private.search_postings p set contractors = p.contractors - r.nos
      from (select u.t, u.b, array_agg(u.n) as nos from unnest(p_out_terms, p_out_bands, p_out_nos) as u(t, b, n) group by u.t, u.b) r
     where p.term = r.t and p.band = r.b;
    insert into app_private.search_postings as p (term, band, contractors)
    select u.t, u.b, sort(array_agg(u.n)) from unnest(p_in_terms, p_in_bands, p_in_nos) as u(t, b, n)
     group by u.t, u.b order by u.t, u.b
        on conflict (term, band) do update set contractors = p.contractors | excluded.contractors;
    delete from app_private.search_postings p
     where (p.term, p.band) in (select u.t, u.b from unnest(p_out_terms, p_out_bands) as u(t, b))
       and p.contractors = '{}';
  $function$;
comment on function app_private.change_search_postings(text[],smallint[],integer[],text[],smallint[],integer[]) is 'Removes and adds (term, band, search_no) postings, locking rows in key order.';
revoke all on function app_private.change_search_postings(text[],smallint[],integer[],text[],smallint[],integer[]) from public, marine_anonymous, marine_agent, marine_admin;
