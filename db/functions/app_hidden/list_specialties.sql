-- PL/pgSQL, not SQL: a SQL function with a FROM is not inlined into `select f()`, so it was
-- parsed and planned again in every transaction (db/CONVENTIONS.md).
CREATE OR REPLACE FUNCTION app_hidden.list_specialties()
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  return (
    select json_build_object('specialties', coalesce(json_agg(json_build_object(
             'id', s.id, 'slug', s.slug, 'name', s.name,
             'label', s.name, 'contractorCount', s.contractor_count) order by s.name, s.id), '[]'))
      from app_public.specialties s);
end
$function$;
comment on function app_hidden.list_specialties() is 'Every specialty with both variants'' fields; see GET /api/v1/public/contractors/specialties.';
revoke all on function app_hidden.list_specialties() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.list_specialties() to marine_anonymous;
