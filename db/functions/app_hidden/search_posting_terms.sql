-- The terms a contractor is posted under in the search postings (0030): every lexeme of its
-- search document; 'a:' || lexeme for those of weight A (name and specialty tokens: the top
-- tier); each of those again under its state ('FL:diesel', 'FL:a:diesel'), so a search within a
-- state reads the state's postings, not the nation's; 'state:' || state and 'city:' || city
-- (the filters); 'all:' (every active contractor:
-- rated order with no text and no filter). A lexeme holds a ':' only inside a URL or path (after
-- a host name or a '/'), so none is mistaken for these. Changing it changes what
-- the postings mean: rebuild them (app_private.refresh_search_postings) in the same migration.
CREATE OR REPLACE FUNCTION app_hidden.search_posting_terms(p_search tsvector, p_state text, p_city text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select t.words || array(select p_state || ':' || w from unnest(t.words) w where p_state is not null)
           || array_remove(array['state:' || p_state, 'city:' || p_city, 'all:'], null)
      from (select tsvector_to_array(p_search)
                   || array(select 'a:' || l from unnest(tsvector_to_array(ts_filter(p_search, '{a}'))) l) as words) t
  $function$;
comment on function app_hidden.search_posting_terms(tsvector,text,text) is 'The terms a contractor is posted under in the search postings: its lexemes, its weight-A lexemes (''a:''), both again under its state (''FL:''), its state and city, and ''all:''.';
revoke all on function app_hidden.search_posting_terms(tsvector,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_posting_terms(tsvector,text,text) to marine_anonymous;
