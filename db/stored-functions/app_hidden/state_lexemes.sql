-- Text searches within a state (most of them: the bench's, and any agent asking "in Florida")
-- gathered their matches through a GIN index on (state, search), which intersects the state's
-- posting list (every active contractor there) with the words' on each query: at 1,000,000
-- contractors, 27 of the 40 ms that counting 'diesel' in Florida took. Indexing each lexeme
-- with its state ('fl_diesel') hands over the state's matches directly (at 100,000: 0.6 ms
-- instead of 3.5 for the same 3,180 matches). search_contractors asks it through state_query().
-- Stored data (an index) depends on state_lexemes, so it is defined here, never replaced.
CREATE OR REPLACE FUNCTION app_hidden.state_lexemes(p_state text, p_search tsvector)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select case when p_state is null then ''::tsvector
      else array_to_tsvector(array(select lower(p_state) || '_' || l from unnest(tsvector_to_array(p_search)) l)) end
  $function$;
comment on function app_hidden.state_lexemes(text,tsvector) is 'A search document''s lexemes prefixed with the state (''fl_diesel''): the state-search index.';
revoke all on function app_hidden.state_lexemes(text,tsvector) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.state_lexemes(text,tsvector) to marine_anonymous;
