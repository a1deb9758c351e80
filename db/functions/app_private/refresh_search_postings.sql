-- Rebuilds the search postings from the documents (after a bulk load with triggers off).
CREATE OR REPLACE FUNCTION app_private.refresh_search_postings()
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
    delete from app_private.search_postings;
    insert into app_private.search_postings (term, state, contractors)
    select l, c.state, sort(array_agg(c.search_no)) from app_public.contractors c, unnest(tsvector_to_array(c.search)) l
     where c.is_active and c.state is not null group by l, c.state;
  $function$;
comment on function app_private.refresh_search_postings() is 'Rebuilds the search postings from every active contractor''s document.';
revoke all on function app_private.refresh_search_postings() from public, marine_anonymous, marine_agent, marine_admin;
