-- The place stage of text search (docs/search.md, "Places in words"): a US state (name, or
-- two-letter code) or a city of the directory named in q ("bottom paint in florida", "sailmaker
-- newport ri", "annapolis diesel") becomes the search's state or city filter, and its words
-- leave q. A city wins over a state, but a phrase that is a state's whole name is the state
-- ("new york", "washington"); the longest phrase wins over a shorter one, the later over an
-- earlier; a state name or code right after a city goes with it. A lower-case code that is also
-- an everyday word ("in", "me", "or", "hi", ...) counts only after a city; upper case ("ME")
-- always counts.
-- Not applied (reported with applied: false, its words kept in q) when q reads as a business
-- name. The caller's own city and state parameters win over q's place (which then leaves q all
-- the same, and is reported applied only if it set a filter the parameters left open).
CREATE OR REPLACE FUNCTION app_hidden.search_place(p_q text, p_city text, p_state text)
 RETURNS TABLE(q text, city text, state text, place json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_tokens text[] := regexp_split_to_array(btrim(coalesce(p_q, '')), '\s+');
  v_keys text[];         -- each token as place names are compared (name_key: lower case, letters and digits)
  v_city_keys text[];    -- the directory's cities, compared so, and their names
  v_city_names text[];
  v_state_names text[];  -- app_hidden.us_states(), read once: its names, codes, and codes in lower case
  v_state_codes text[];
  v_state_lower text[];
  v_name_terms text[];   -- q's lexemes as the top tier's posting terms
  v_at integer;
  v_n integer;
  v_len integer;
  v_i integer;
  v_phrase text;
  v_city text;
  v_state text;
  v_from integer;        -- the place's first and last token
  v_to integer;
  v_everyday constant text[] := '{in,me,or,hi,oh,ok,id,la,pa,ma,al,co,de,ne,mo}';
  v_applied boolean;
begin
  q := p_q; city := p_city; state := p_state; place := null;
  v_keys := array(select app_hidden.name_key(t) from unnest(v_tokens) t);
  v_n := cardinality(v_keys);
  -- Read once: each phrase of q is then looked up in memory.
  select array_agg(app_hidden.name_key(d.city)), array_agg(d.city) into v_city_keys, v_city_names
    from app_private.directory_cities d where d.active_contractors > 0;
  select array_agg(s.name), array_agg(s.code), array_agg(lower(s.code)) into v_state_names, v_state_codes, v_state_lower
    from app_hidden.us_states() s;
  -- Cities first ("Virginia Beach" holds a state's name), then states alone.
  <<cities>>
  for v_len in reverse least(4, v_n)..1 loop
    for v_i in reverse v_n - v_len + 1..1 loop
      v_phrase := array_to_string(v_keys[v_i:v_i + v_len - 1], ' ');
      -- A state's own name means the state ("new york", "washington"), not a city so named.
      continue when v_phrase = any (v_state_names);
      v_at := array_position(v_city_keys, v_phrase);
      if v_at is not null then
        v_city := v_city_names[v_at];
        v_from := v_i; v_to := v_i + v_len - 1;
        -- A state after the city: its name (one to three words) or its code, in any case.
        for v_len in reverse least(3, v_n - v_to)..1 loop
          v_state := v_state_codes[coalesce(array_position(v_state_names, array_to_string(v_keys[v_to + 1:v_to + v_len], ' ')),
                                            case when v_len = 1 then array_position(v_state_lower, v_keys[v_to + 1]) end)];
          if v_state is not null then
            v_to := v_to + v_len;
            exit;
          end if;
        end loop;
        exit cities;
      end if;
    end loop;
  end loop;
  <<states>>
  for v_len in reverse least(3, v_n)..1 loop
    exit when v_from is not null;
    for v_i in reverse v_n - v_len + 1..1 loop
      v_phrase := array_to_string(v_keys[v_i:v_i + v_len - 1], ' ');
      v_state := v_state_codes[coalesce(array_position(v_state_names, v_phrase),
                                        case when v_len = 1 and (v_tokens[v_i] ~ '^[A-Z]{2}\W*$' or not v_phrase = any (v_everyday))
                                             then array_position(v_state_lower, v_phrase) end)];
      if v_state is not null then
        v_from := v_i; v_to := v_i + v_len - 1;
        exit states;
      end if;
    end loop;
  end loop;
  if v_from is null then
    return next;
    return;
  end if;
  -- q that reads as a business name keeps its place as words: the place's words and every other
  -- word of q in the name or specialties of one active contractor ("Milwaukee Stainless Works"):
  -- the postings of their weight-A lexemes meet in a rating band. A word in no name at all, the
  -- usual case in a long q, settles it with one probe per word.
  v_name_terms := array(select distinct 'a:' || l from unnest(tsvector_to_array(to_tsvector('english', p_q))) l);
  if length(to_tsvector('english', array_to_string(v_tokens[v_from:v_to], ' '))) > 0
     and not exists (select from unnest(v_name_terms) t where not exists (select from app_private.search_postings p where p.term = t))
     -- (band by band, the bands of one of the words, each probed for all of them: it stops at the
     -- first band where they meet, where reading every band of each word and grouping them took
     -- twice as long, 22 ms at most against 7.5, over the bench's 3-4 word queries at 1,000,000)
     and exists (select from app_private.search_postings r
                  cross join lateral (select count(*) as n, app_private.intersection(p.contractors) as ids
                                        from unnest(v_name_terms) t
                                        join app_private.search_postings p on p.term = t and p.band = r.band) x
                  where r.term = v_name_terms[1] and x.n = cardinality(v_name_terms) and icount(x.ids) > 0) then
    place := json_build_object('words', array_to_string(v_tokens[v_from:v_to], ' '), 'city', v_city, 'state', v_state,
                               'applied', false);
    return next;
    return;
  end if;
  -- Otherwise the place leaves q, and fills the filters the parameters leave open.
  v_applied := (p_city is null and v_city is not null) or (p_state is null and v_state is not null);
  place := json_build_object('words', array_to_string(v_tokens[v_from:v_to], ' '), 'city', v_city, 'state', v_state,
                             'applied', v_applied);
  city := coalesce(p_city, v_city);
  state := coalesce(p_state, v_state);
  -- The rest of q; a trailing space when the place ended it, so its last word is not taken as a
  -- word still being typed (search_terms completes only an unfinished last word).
  q := array_to_string(v_tokens[1:v_from - 1] || v_tokens[v_to + 1:v_n], ' ') || case when v_to = v_n then ' ' else '' end;
  if btrim(q) = '' then
    q := null;
  end if;
  return next;
end
$function$;
comment on function app_hidden.search_place(text,text,text) is 'The place stage of text search: a state or directory city named in q becomes a filter (q without it, the filters, and matching.place).';
revoke all on function app_hidden.search_place(text,text,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_place(text,text,text) to marine_anonymous;
