-- How a text query is matched (docs/decisions.md "Relevance"). The words of q become units: the
-- longest phrase (up to three words) the trade vocabulary or a specialty name knows, else one
-- word. Stop words and filler words ("boat", "need") are dropped. Each unit gets tsqueries:
--   q1  everything it may match: its lexemes, the specialty tokens its vocabulary terms mean,
--       typo corrections (a word the directory does not know, 5+ letters: one edit, 9+: two)
--       and, for the last word when q does not end in a space, the directory's words it starts;
--   qe  q1 without corrections and completions (exact);
--   q2  its lexemes or corrections in the name, services or location (weights A, B);
--   q3  its lexemes or corrections in the name, or a non-brand specialty token (weight A);
--   qa  q3 without corrections and completions: a contractor matching every unit's qa has the
--       best key a match can have but for the exact name, so those rows, in rated order, are the
--       top of the ranking (search_contractors reads them first).
-- corrections lists what unknown words were read as. Units past the word bound
-- (search_unit_bound) are only listed in typed, a word each: never matched, so never looked up
-- as phrases, corrected or completed. A query of filler words only ("boat") is matched on them;
-- one of stop words only has no units (it matches nothing).
CREATE OR REPLACE FUNCTION app_hidden.search_terms(p_q text)
 RETURNS TABLE(typed text[], q1 tsquery[], qe tsquery[], q2 tsquery[], q3 tsquery[], qa tsquery[], corrections json)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
 SET pg_trgm.similarity_threshold TO '0.25'
AS $function$
declare
  v_words text[] := array(select m[1] from regexp_matches(lower(coalesce(p_q, '')), '([a-z0-9]+(?:''[a-z]+)?)', 'g') m);
  v_prefix boolean := p_q ~ '[A-Za-z0-9]$';
  v_n integer := cardinality(v_words);
  v_i integer := 1;
  v_len integer;
  v_phrase text;
  v_strong text[];
  v_brand text[];
  v_lexemes text[];
  v_alts text[];     -- exact alternatives as tsquery text with weight placeholders
  v_fuzzy text[];    -- corrections and completions, likewise
  v_tokens text[];
  v_fixed text[];
  v_word text;
  v_corrections json[] := '{}';
  v_fillers text[] := '{}';        -- filler words' lexemes, as fragments
  v_filler_words text[] := '{}';
  v_bound constant integer := app_hidden.search_unit_bound();
begin
  typed := '{}'; q1 := '{}'; qe := '{}'; q2 := '{}'; q3 := '{}'; qa := '{}';
  while v_i <= v_n loop
    v_phrase := null;
    if cardinality(typed) >= v_bound then
      -- Past the word bound a unit is only reported as ignored: each word is one, not looked up
      -- as a phrase (two thirds of the lookups of a 200-character q were these).
      v_phrase := v_words[v_i]; v_len := 1; v_strong := null; v_brand := null;
    else
      -- The longest known phrase starting here.
      for v_k in reverse least(3, v_n - v_i + 1)..1 loop
        select array_agg(distinct v.slug) filter (where v.kind <> 'brand'), array_agg(distinct v.slug) filter (where v.kind = 'brand')
          into v_strong, v_brand
          from app_hidden.vocabulary_terms(array_to_string(v_words[v_i:v_i + v_k - 1], ' ')) v;
        if v_strong is not null or v_brand is not null or v_k = 1 then
          v_phrase := array_to_string(v_words[v_i:v_i + v_k - 1], ' ');
          v_len := v_k;
          exit;
        end if;
      end loop;
    end if;
    v_i := v_i + v_len;
    v_lexemes := tsvector_to_array(to_tsvector('english', v_phrase));
    if v_strong is null and v_brand is null and cardinality(v_lexemes) = 0 then
      continue;  -- a stop word
    end if;
    if v_strong is null and v_brand is null and exists (select 1 from app_private.search_filler_words f where f.word = v_phrase) then
      v_fillers := v_fillers || array_to_string(array(select quote_literal(l) || '{:w}' from unnest(v_lexemes) l), ' & ');
      v_filler_words := v_filler_words || v_phrase;
      continue;
    end if;
    if cardinality(typed) >= v_bound then
      typed := typed || v_phrase;  -- past the word bound: never matched, so neither corrected nor completed
      continue;
    end if;
    v_alts := '{}';
    v_fuzzy := '{}';
    v_tokens := array(select quote_literal('specialty_' || s) || '{:w}' from unnest(coalesce(v_strong, '{}')) s);
    if cardinality(v_lexemes) > 0 then
      v_alts := array[array_to_string(array(select quote_literal(l) || '{:w}' from unnest(v_lexemes) l), ' & ')];
    end if;
    if v_len = 1 and v_strong is null and v_brand is null then
      -- Corrections for a word the directory does not know.
      if length(v_phrase) >= 5 and not exists (select 1 from app_private.search_words w where w.word = v_phrase) then
        v_fixed := array(select w.word from app_private.search_words w
                          where w.word % v_phrase
                            and levenshtein_less_equal(w.word, v_phrase, case when length(v_phrase) >= 9 then 2 else 1 end)
                                <= case when length(v_phrase) >= 9 then 2 else 1 end
                          order by levenshtein(w.word, v_phrase), similarity(w.word, v_phrase) desc, w.word limit 3);
        if cardinality(v_fixed) > 0 then
          v_corrections := v_corrections || json_build_object('word', v_phrase, 'readAs', to_json(v_fixed));
        end if;
      else
        v_fixed := '{}';
      end if;
      -- Completions of the last word as typed so far.
      if v_i > v_n and v_prefix and length(v_phrase) >= 3 then
        v_fixed := v_fixed || array(select w.word from app_private.search_words w
                                     -- Words starting with it, as a range the C-collation primary key serves
                                     -- with a runtime value (LIKE would need a constant): words are [a-z0-9'],
                                     -- all below '{'.
                                     where w.word > v_phrase and w.word < (v_phrase || '{')
                                     order by length(w.word), w.word limit 10);
      end if;
      foreach v_word in array v_fixed loop
        if tsvector_to_array(to_tsvector('english', v_word)) <@ v_lexemes then
          -- The same stem as typed ("generater", "generator"): to the index it is the word typed,
          -- so what the correction means counts as exact too.
          v_tokens := v_tokens || array(select distinct quote_literal('specialty_' || v.slug) || '{:w}'
                                          from app_hidden.vocabulary_terms(v_word) v where v.kind <> 'brand');
          continue;
        end if;
        v_fuzzy := v_fuzzy || array(select quote_literal(l) || '{:w}' from unnest(tsvector_to_array(to_tsvector('english', v_word))) l);
        v_fuzzy := v_fuzzy || array(select distinct quote_literal('specialty_' || v.slug) || '{:w}'
                                      from app_hidden.vocabulary_terms(v_word) v where v.kind <> 'brand');
      end loop;
    end if;
    v_brand := array(select quote_literal('specialty_' || s) from unnest(coalesce(v_brand, '{}')) s);
    typed := typed || v_phrase;
    q1 := q1 || app_hidden.search_alternatives(v_alts || v_tokens || v_brand || v_fuzzy, '');
    qe := qe || app_hidden.search_alternatives(v_alts || v_tokens || v_brand, '');
    q2 := q2 || app_hidden.search_alternatives(v_alts || v_fuzzy, 'AB');
    q3 := q3 || app_hidden.search_alternatives(v_alts || v_tokens || v_fuzzy, 'A');
    qa := qa || app_hidden.search_alternatives(v_alts || v_tokens, 'A');
  end loop;
  if cardinality(typed) = 0 then
    for v_i in 1..cardinality(v_fillers) loop
      typed := typed || v_filler_words[v_i];
      q1 := q1 || app_hidden.search_alternatives(array[v_fillers[v_i]], '');
      qe := qe || app_hidden.search_alternatives(array[v_fillers[v_i]], '');
      q2 := q2 || app_hidden.search_alternatives(array[v_fillers[v_i]], 'AB');
      q3 := q3 || app_hidden.search_alternatives(array[v_fillers[v_i]], 'A');
      qa := qa || app_hidden.search_alternatives(array[v_fillers[v_i]], 'A');
    end loop;
  end if;
  corrections := to_json(v_corrections);
  return next;
end
$function$;
comment on function app_hidden.search_terms(text) is 'The units of a text query and the tsqueries each may match (exact, with corrections, by field); see docs/decisions.md "Relevance".';
revoke all on function app_hidden.search_terms(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.search_terms(text) to marine_anonymous;
