-- The filters of the geo searches on a contractor's columns: listed (is_active), in the specialty
-- (its slug, checked by specialty_id_for_filter, in the row's own specialty_slugs), at or above
-- the minimum public rating. A SQL function the planner inlines into each query that calls it;
-- the callers run their queries with EXECUTE, planned for each call's values, so a filter not
-- given (null) folds away and a given one is a plain condition the indexes can use. (Inlining
-- parses this body in each plan: about 0.02 ms a call.)
CREATE OR REPLACE FUNCTION app_hidden.geo_filter(p_active boolean, p_slugs text[], p_rating numeric, p_specialty text, p_min_rating numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select p_active and (p_specialty is null or p_slugs @> array[p_specialty]) and (p_min_rating is null or p_rating >= p_min_rating)
  $function$;
comment on function app_hidden.geo_filter(boolean,text[],numeric,text,numeric) is 'The geo searches'' filters on a contractor''s columns: active, the specialty, the minimum rating (inlined).';
revoke all on function app_hidden.geo_filter(boolean,text[],numeric,text,numeric) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.geo_filter(boolean,text[],numeric,text,numeric) to marine_anonymous;
