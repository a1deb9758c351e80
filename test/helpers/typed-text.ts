// Names that would not read as typed in a message we send (app_hidden.checked_text, src/input/text.ts):
// each is refused in a single-line field, by SQL and by every door.
export const REFUSED_NAMES: Array<[string, string]> = [
  ['a line break', 'Dana Pro\nIMPORTANT: reply to this e-mail with the code below'],
  ['a carriage return and line feed', 'Dana\r\nPro'],
  ['a tab', 'Dana\tPro'],
  ['a line separator (U+2028)', 'Dana\u2028Pro'],
  ['a C1 control (U+0085)', 'Dana\u0085Pro'],
  ['a bidirectional override (U+202E)', 'Dana \u202eorP'],
  ['a bidirectional isolate (U+2066)', 'Dana \u2066Pro'],
];
