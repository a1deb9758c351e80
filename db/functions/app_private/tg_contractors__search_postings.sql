-- Keeps search_postings: a contractor's lexemes are posted under its state while it is active.
-- Updates that leave the document, the state and is_active alone (ratings, contact details)
-- move nothing. One trigger function for the three statements; each branch reads only the
-- transition tables its statement has.
CREATE OR REPLACE FUNCTION app_private.tg_contractors__search_postings()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_out record;
  v_in record;
begin
  if TG_OP = 'INSERT' then
    select array_agg(l) as terms, array_agg(n.state) as states, array_agg(n.search_no) as nos into v_in
      from new_rows n, unnest(tsvector_to_array(n.search)) l where n.is_active and n.state is not null;
  elsif TG_OP = 'DELETE' then
    select array_agg(l) as terms, array_agg(o.state) as states, array_agg(o.search_no) as nos into v_out
      from old_rows o, unnest(tsvector_to_array(o.search)) l where o.is_active and o.state is not null;
  else
    select array_agg(l) as terms, array_agg(o.state) as states, array_agg(o.search_no) as nos into v_out
      from old_rows o join new_rows n on n.id = o.id, unnest(tsvector_to_array(o.search)) l
     where o.is_active and o.state is not null
       and (o.search, o.state, o.is_active) is distinct from (n.search, n.state, n.is_active);
    select array_agg(l) as terms, array_agg(n.state) as states, array_agg(n.search_no) as nos into v_in
      from old_rows o join new_rows n on n.id = o.id, unnest(tsvector_to_array(n.search)) l
     where n.is_active and n.state is not null
       and (o.search, o.state, o.is_active) is distinct from (n.search, n.state, n.is_active);
  end if;
  if coalesce(cardinality(v_out.nos), 0) + coalesce(cardinality(v_in.nos), 0) > 0 then
    perform app_private.change_search_postings(coalesce(v_out.terms, '{}'), coalesce(v_out.states, '{}'), coalesce(v_out.nos, '{}'),
                                               coalesce(v_in.terms, '{}'), coalesce(v_in.states, '{}'), coalesce(v_in.nos, '{}'));
  end if;
  return null;
end
$function$;
comment on function app_private.tg_contractors__search_postings() is null;
revoke all on function app_private.tg_contractors__search_postings() from public, marine_anonymous, marine_agent, marine_admin;
