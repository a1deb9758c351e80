-- The one rule for text that people type and that reaches an e-mail or a page (docs/decisions.md,
-- "Claim attempt limits and typed text"): no control characters, C0 (U+0000-U+001F, DEL) or C1
-- (U+0080-U+009F); no line or paragraph separators (U+2028, U+2029); no bidirectional embeddings,
-- overrides or isolates (U+202A-U+202E, U+2066-U+2069), which make a text read otherwise than
-- it is stored; and at least one visible character when not empty (zero-width characters and
-- spaces alone are not a name). p_multiline allows line feeds, carriage returns and tabs (a
-- description); a single-line field (names, taglines, subjects) allows none of them, so nobody
-- can add lines of their own to a message we send. Answers p_value, or raises INVAL naming
-- p_field (its path in the body). src/input/text.ts states the same rule for the 400 before SQL.
CREATE OR REPLACE FUNCTION app_hidden.checked_text(p_field text, p_value text, p_multiline boolean)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
declare
  c_always constant text := '\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069';
  c_line_breaks constant text := '\u0009\u000a\u000d';
  c_invisible constant text := '^[\s\u00a0\u1680\u2000-\u200d\u202f\u205f\u2060\u3000\ufeff]*$';
begin
  if p_value is null or p_value = '' then
    return p_value;
  end if;
  if p_value ~ ('[' || c_always || case when p_multiline then '' else c_line_breaks end || ']') then
    raise exception 'Invalid body field ''%'': must not contain control characters%', p_field,
      case when p_multiline then '' else ' or line breaks' end using errcode = 'INVAL',
      detail = 'Control characters, line separators and bidirectional controls (U+202A-U+202E, U+2066-U+2069) are refused'
        || case when p_multiline then '; line breaks and tabs are allowed.' else '; this field is one line.' end;
  end if;
  if p_value ~ c_invisible then
    raise exception 'Invalid body field ''%'': must contain visible characters', p_field using errcode = 'INVAL',
      detail = 'Spaces and zero-width characters alone are not a value.';
  end if;
  return p_value;
end
$function$;
comment on function app_hidden.checked_text(text,text,boolean) is 'Typed text checked for control characters, line breaks (unless p_multiline), bidirectional controls and invisible-only values; INVAL naming p_field.';
revoke all on function app_hidden.checked_text(text,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
