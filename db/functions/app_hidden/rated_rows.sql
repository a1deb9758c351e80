-- The first p_budget active contractors in rated order (public rating, then id, both descending)
-- after the keyset (p_after_score, p_after_id), from the rated index alone: it carries the
-- rating and the coordinates, so the geo searches test a box around them before reading any
-- row. A SQL function the planner inlines into the query that calls it (in its FROM), where the
-- keyset, null or given, is planned for the call's values.
CREATE OR REPLACE FUNCTION app_hidden.rated_rows(p_after_score numeric, p_after_id uuid, p_budget integer)
 RETURNS TABLE(id uuid, score numeric, public_rating numeric, latitude double precision, longitude double precision)
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
    select c.id, coalesce(c.public_rating, 0), c.public_rating, c.latitude, c.longitude
      from app_public.contractors c
     where c.is_active and (p_after_score is null or (coalesce(c.public_rating, 0), c.id) < (p_after_score, p_after_id))
     order by coalesce(c.public_rating, 0) desc, c.id desc
     limit p_budget
  $function$;
comment on function app_hidden.rated_rows(numeric,uuid,integer) is 'The first active contractors in rated order after a keyset, with their rating and coordinates (inlined by the geo searches).';
revoke all on function app_hidden.rated_rows(numeric,uuid,integer) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_rows(numeric,uuid,integer) to marine_anonymous;
