-- Keeps what text search reads of contractors. The search postings: an active contractor is
-- posted under each of its terms (search_posting_terms) in the band of its public rating
-- (search_band); updates that leave the document, the place, the rating band and is_active
-- alone (contact details) move nothing. The directory's words (typo corrections, completions):
-- the words of every active contractor written, counted in (add_search_words). One trigger
-- function for the three statements; each branch reads only the transition tables its
-- statement has.
CREATE OR REPLACE FUNCTION app_private.tg_contractors__search()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_out_terms text[];
  v_out_bands smallint[];
  v_out_nos integer[];
  v_in_terms text[];
  v_in_bands smallint[];
  v_in_nos integer[];
begin
  if TG_OP = 'INSERT' then
    select array_agg(t), array_agg(app_hidden.search_band(n.public_rating)), array_agg(n.search_no) into v_in_terms, v_in_bands, v_in_nos
      from new_rows n, unnest(app_hidden.search_posting_terms(n.search, n.state, n.city)) t where n.is_active;
  elsif TG_OP = 'DELETE' then
    select array_agg(t), array_agg(app_hidden.search_band(o.public_rating)), array_agg(o.search_no) into v_out_terms, v_out_bands, v_out_nos
      from old_rows o, unnest(app_hidden.search_posting_terms(o.search, o.state, o.city)) t where o.is_active;
  else
    -- What an update moves: each posted (number, band, terms) of the old rows that no new row
    -- has, and the reverse. A set difference, not a join of old to new: the planner takes a
    -- transition table for one row, and joined row by row an update of 10,001 contractors took
    -- 17 s; sorted, 0.2 s.
    select array_agg(t), array_agg(d.band), array_agg(d.search_no) into v_out_terms, v_out_bands, v_out_nos
      from (select o.search_no, app_hidden.search_band(o.public_rating) as band,
                   app_hidden.search_posting_terms(o.search, o.state, o.city) as terms
              from old_rows o where o.is_active
            except
            select n.search_no, app_hidden.search_band(n.public_rating),
                   app_hidden.search_posting_terms(n.search, n.state, n.city)
              from new_rows n where n.is_active) d,
           unnest(d.terms) t;
    select array_agg(t), array_agg(d.band), array_agg(d.search_no) into v_in_terms, v_in_bands, v_in_nos
      from (select n.search_no, app_hidden.search_band(n.public_rating) as band,
                   app_hidden.search_posting_terms(n.search, n.state, n.city) as terms
              from new_rows n where n.is_active
            except
            select o.search_no, app_hidden.search_band(o.public_rating),
                   app_hidden.search_posting_terms(o.search, o.state, o.city)
              from old_rows o where o.is_active) d,
           unnest(d.terms) t;
  end if;
  if TG_OP <> 'DELETE' then
    perform app_private.add_search_words(array(select t from new_rows n, unnest(app_private.contractor_word_texts(n)) t where n.is_active));
  end if;
  if v_out_nos is not null or v_in_nos is not null then
    perform app_private.change_search_postings(coalesce(v_out_terms, '{}'), coalesce(v_out_bands, '{}'), coalesce(v_out_nos, '{}'),
                                               coalesce(v_in_terms, '{}'), coalesce(v_in_bands, '{}'), coalesce(v_in_nos, '{}'));
  end if;
  return null;
end
$function$;
comment on function app_private.tg_contractors__search() is null;
revoke all on function app_private.tg_contractors__search() from public, marine_anonymous, marine_agent, marine_admin;
