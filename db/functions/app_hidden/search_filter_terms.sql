-- A text search's filters as groups of posting terms (search_walk): a contractor passes a group
-- when it has one of its terms. The city filter's rule is that the city's name contains the
-- given text, case-insensitively: the group is every directory city that does, and the text
-- itself (a term nothing has), so a city the directory does not know matches nothing.
CREATE OR REPLACE FUNCTION app_hidden.search_filter_terms(p_specialty text, p_city text, p_state text)
 RETURNS TABLE(grp integer, term text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER ROWS 20
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
begin
  return query
    select 1, 'specialty_' || p_specialty where p_specialty is not null
    union all
    select 2, 'city:' || p_city where p_city is not null
    union all
    select 2, 'city:' || d.city from app_private.directory_cities d
     where p_city is not null and d.city ilike app_hidden.like_pattern(p_city)
    union all
    select 3, 'state:' || upper(p_state) where p_state is not null;
end
$function$;
comment on function app_hidden.search_filter_terms(text,text,text) is 'A text search''s specialty, city and state filters as groups of search posting terms.';
revoke all on function app_hidden.search_filter_terms(text,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_filter_terms(text,text,text) to marine_anonymous;
