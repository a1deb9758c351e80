-- The specialty id for a search filter; an unknown slug is the caller's mistake (400).
CREATE OR REPLACE FUNCTION app_hidden.specialty_id_for_filter(p_slug text, p_parameter text)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_id uuid;
begin
  select id into v_id from app_public.specialties where slug = p_slug;
  if v_id is null then
    raise exception 'Unknown specialty: %', p_slug
      using errcode = 'INVAL',
            detail = format('%s: no specialty has this slug (see GET /api/v1/public/contractors/specialties)', p_parameter);
  end if;
  return v_id;
end
$function$;
comment on function app_hidden.specialty_id_for_filter(text,text) is 'The id of a specialty slug used as a filter; INVAL naming the parameter when unknown.';
revoke all on function app_hidden.specialty_id_for_filter(text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.specialty_id_for_filter(text,text) to marine_anonymous;
