-- Rebuilds the search postings from the contractors (after a bulk load with triggers off).
CREATE OR REPLACE FUNCTION app_private.refresh_search_postings()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
    delete from app_private.search_postings;
    insert into app_private.search_postings (term, band, contractors)
    select t, app_hidden.search_band(c.public_rating), sort(array_agg(c.search_no))
      from app_public.contractors c, unnest(app_hidden.search_posting_terms(c.search, c.search_head, c.state, c.city)) t
     where c.is_active
     group by 1, 2;
  $function$;
comment on function app_private.refresh_search_postings() is 'Rebuilds the search postings from every active contractor''s terms and rating band.';
revoke all on function app_private.refresh_search_postings() from public, marine_anonymous, marine_agent, marine_admin;
