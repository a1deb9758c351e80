-- How many active contractors of a state each unit of a text search matches, all of them
-- together, and any of them (search_contractors' filters, totals and soft matching), from
-- search_postings: no row is read. A unit's tsquery (search_terms' q1) is an OR of
-- alternatives, each an AND of lexemes; one with anything else (weights, prefixes, NOT,
-- phrases) gives no rows, and the caller counts through the text index instead.
CREATE OR REPLACE FUNCTION app_hidden.state_text_matches(p_state text, p_units tsquery[])
 RETURNS TABLE(unit_counts integer[], all_count integer, any_count integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_text text;
  v_alternative text;
  v_lexeme text;
  v_unit integer[];
  v_alt integer[];
  v_all integer[];
  v_any integer[] := '{}';
  v_ids integer[];
begin
  unit_counts := '{}';
  for i in 1..coalesce(cardinality(p_units), 0) loop
    v_text := p_units[i]::text;
    -- Only quoted lexemes joined by ' & ' and ' | '.
    if regexp_replace(v_text, $r$'(?:[^']|'')*'$r$, '', 'g') !~ '^( [&|] )*$' then
      return;
    end if;
    v_unit := '{}';
    foreach v_alternative in array string_to_array(v_text, ' | ') loop
      v_alt := null;
      for v_lexeme in select replace(m[1], '''''', '''') from regexp_matches(v_alternative, $r$'((?:[^']|'')*)'$r$, 'g') m loop
        v_ids := coalesce((select p.contractors from app_private.search_postings p where p.term = v_lexeme and p.state = upper(p_state)), '{}');
        v_alt := case when v_alt is null then v_ids else v_alt & v_ids end;
      end loop;
      v_unit := v_unit | coalesce(v_alt, '{}');
    end loop;
    unit_counts := unit_counts || icount(v_unit);
    -- Units nothing matches are left out of "all of them" (search_contractors ignores them).
    if icount(v_unit) > 0 then
      v_all := case when v_all is null then v_unit else v_all & v_unit end;
      v_any := v_any | v_unit;
    end if;
  end loop;
  all_count := coalesce(icount(v_all), 0);
  any_count := icount(v_any);
  return next;
end
$function$;
comment on function app_hidden.state_text_matches(text,tsquery[]) is 'Per-unit, all-units and any-unit match counts of a text search within a state, from the search postings (no rows when a unit is not a plain OR of ANDs).';
revoke all on function app_hidden.state_text_matches(text,tsquery[]) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.state_text_matches(text,tsquery[]) to marine_anonymous;
