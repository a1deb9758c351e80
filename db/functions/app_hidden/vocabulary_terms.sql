-- What a word or phrase means in the trade: the vocabulary's rows for it, and a specialty whose
-- name or slug it is ("bottom painting", "haul out storage"). A long q asks this 50-70 times:
-- a specialty's name is put through name_key (a regular expression) only when it holds the
-- phrase's first word, which every name equal to it does (1.2 of a bound query's 4.7 ms of words).
CREATE OR REPLACE FUNCTION app_hidden.vocabulary_terms(p_term text)
 RETURNS TABLE(slug text, kind text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
#variable_conflict use_column
-- (The RETURNS TABLE columns are variables here too: a bare name is the query's column.)
begin
  return query
    select v.specialty_slug, v.kind from app_private.search_vocabulary v where v.term = p_term
    union
    select s.slug, 'specialty' from app_public.specialties s
     where case when strpos(lower(s.name), split_part(p_term, ' ', 1)) > 0 then app_hidden.name_key(s.name) = p_term else false end
        or replace(s.slug, '-', ' ') = p_term;
end
$function$;
comment on function app_hidden.vocabulary_terms(text) is 'The specialties a word or phrase means (trade vocabulary and specialty names).';
revoke all on function app_hidden.vocabulary_terms(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.vocabulary_terms(text) to marine_anonymous;
