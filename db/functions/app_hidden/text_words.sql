CREATE OR REPLACE FUNCTION app_hidden.text_words(p_text text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ select w from regexp_split_to_table(lower(p_text), '[^a-z0-9]+') w where length(w) >= 3 $function$;
comment on function app_hidden.text_words(text) is 'The words (3+ characters, lower case) of a text.';
revoke all on function app_hidden.text_words(text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.text_words(text) to marine_anonymous;
