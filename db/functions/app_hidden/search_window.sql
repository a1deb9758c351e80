-- What a text search ranks (search_rank): the walk's best-rated matches, and every active
-- contractor under the filters whose name is q (ranking rule 1, exact name, holds whatever its
-- rating). An exact name is one index lookup (name_key).
CREATE OR REPLACE FUNCTION app_hidden.search_window(p_nos integer[], p_bands smallint[], p_q text, p_specialty text, p_city text, p_state text)
 RETURNS TABLE(nos integer[], bands smallint[])
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
begin
  return query
    select p_nos || coalesce(array_agg(c.search_no), '{}'),
           p_bands || coalesce(array_agg(app_hidden.search_band(c.public_rating)), '{}')
      from app_public.contractors c
     where c.is_active and app_hidden.name_key(c.name) = app_hidden.name_key(p_q)
       and c.search_no <> all(p_nos)
       and (p_state is null or c.state = upper(p_state))
       and (p_specialty is null or c.specialty_slugs @> array[p_specialty])
       and (p_city is null or 'city:' || c.city in (select f.term from app_hidden.search_filter_terms(null, p_city, null) f));
end
$function$;
comment on function app_hidden.search_window(integer[],smallint[],text,text,text,text) is 'The rows a text search ranks: the best-rated matches and any exact name under the filters.';
revoke all on function app_hidden.search_window(integer[],smallint[],text,text,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_window(integer[],smallint[],text,text,text,text) to marine_anonymous;
