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
    -- What an update moves: each posted (number, state, document) of the old rows that no new
    -- row has, and the reverse. A set difference, not a join of old to new: the planner takes
    -- a transition table for one row, and joined row by row an update of 10,001 contractors
    -- took 17 s (a specialty renamed at 1,000,000 would have run for days); sorted, 0.2 s.
    select array_agg(l) as terms, array_agg(d.state) as states, array_agg(d.search_no) as nos into v_out_terms, v_out_states, v_out_nos
      from (select o.search_no, o.state, o.search from old_rows o where o.is_active and o.state is not null
            except select n.search_no, n.state, n.search from new_rows n where n.is_active and n.state is not null) d,
           unnest(tsvector_to_array(d.search)) l;
    select array_agg(l) as terms, array_agg(d.state) as states, array_agg(d.search_no) as nos into v_in_terms, v_in_states, v_in_nos
      from (select n.search_no, n.state, n.search from new_rows n where n.is_active and n.state is not null
            except select o.search_no, o.state, o.search from old_rows o where o.is_active and o.state is not null) d,
           unnest(tsvector_to_array(d.search)) l;
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
