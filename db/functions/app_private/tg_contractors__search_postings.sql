-- Keeps search_postings: a contractor's lexemes are posted under its state while it is active.
-- Updates that leave the document, the state and is_active alone (ratings, contact details)
-- move nothing. One trigger function for the three statements; each branch reads only the
-- transition tables its statement has. Nested loops are off: the planner takes a transition
-- table for one row, and an update of 10,001 rows joined old to new row by row (17 s; a
-- specialty renamed at 1,000,000 contractors would have run for days). Hash joins instead.
CREATE OR REPLACE FUNCTION app_private.tg_contractors__search_postings()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET enable_nestloop TO 'off'
AS $function$
declare
  v_out_terms text[];
  v_out_states text[];
  v_out_nos integer[];
  v_in_terms text[];
  v_in_states text[];
  v_in_nos integer[];
begin
  if TG_OP = 'INSERT' then
    select array_agg(l) as terms, array_agg(n.state) as states, array_agg(n.search_no) as nos into v_in_terms, v_in_states, v_in_nos
      from new_rows n, unnest(tsvector_to_array(n.search)) l where n.is_active and n.state is not null;
  elsif TG_OP = 'DELETE' then
    select array_agg(l) as terms, array_agg(o.state) as states, array_agg(o.search_no) as nos into v_out_terms, v_out_states, v_out_nos
      from old_rows o, unnest(tsvector_to_array(o.search)) l where o.is_active and o.state is not null;
  else
    select array_agg(l) as terms, array_agg(o.state) as states, array_agg(o.search_no) as nos into v_out_terms, v_out_states, v_out_nos
      from old_rows o join new_rows n on n.id = o.id, unnest(tsvector_to_array(o.search)) l
     where o.is_active and o.state is not null
       and (o.search, o.state, o.is_active) is distinct from (n.search, n.state, n.is_active);
    select array_agg(l) as terms, array_agg(n.state) as states, array_agg(n.search_no) as nos into v_in_terms, v_in_states, v_in_nos
      from old_rows o join new_rows n on n.id = o.id, unnest(tsvector_to_array(n.search)) l
     where n.is_active and n.state is not null
       and (o.search, o.state, o.is_active) is distinct from (n.search, n.state, n.is_active);
  end if;
  if v_out_nos is not null or v_in_nos is not null then
    perform app_private.change_search_postings(coalesce(v_out_terms, '{}'), coalesce(v_out_states, '{}'), coalesce(v_out_nos, '{}'),
                                               coalesce(v_in_terms, '{}'), coalesce(v_in_states, '{}'), coalesce(v_in_nos, '{}'));
  end if;
  return null;
end
$function$;
comment on function app_private.tg_contractors__search_postings() is null;
revoke all on function app_private.tg_contractors__search_postings() from public, marine_anonymous, marine_agent, marine_admin;
