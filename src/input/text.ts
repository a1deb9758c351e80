// Text that people type and that reaches an e-mail or a page, checked as SQL checks it
// (app_hidden.checked_text, the authority; docs/decisions.md, "Claim attempt limits and typed
// text"), so the 400 names the field before the database is asked: no control characters (C0, DEL, C1), no line
// or paragraph separators, no bidirectional embeddings, overrides or isolates (U+202A-U+202E,
// U+2066-U+2069), and something visible (zero-width characters alone are not a name). A
// single-line field (names, taglines, subjects, captions) takes no line break or tab either, so
// nobody adds lines of their own to a message we send; multi-line text (a description) does.
// URLs are read by the WHATWG URL parser (Node's URL), as browsers and mail clients read them.
import { z } from 'zod';

// From U+0001: a NUL is parseOrThrow's to refuse first, with its own message (src/input/nul-bytes.ts).
const ALWAYS_REFUSED = '\\u0001-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const REFUSED_IN_ONE_LINE = new RegExp(`[${ALWAYS_REFUSED}\\t\\n\\r]`, 'u');
const REFUSED_IN_LINES = new RegExp(`[${ALWAYS_REFUSED}]`, 'u');
const INVISIBLE_ONLY = /^[\s\u200b-\u200d\u2060\ufeff]*$/u;

function typedText(max: number, multiline: boolean) {
  return z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(
      (v) => !(multiline ? REFUSED_IN_LINES : REFUSED_IN_ONE_LINE).test(v),
      multiline ? 'must not contain control characters' : 'must not contain control characters or line breaks',
    )
    .refine((v) => v === '' || !INVISIBLE_ONLY.test(v), 'must contain visible characters');
}

/** One line of typed text (trimmed), at most `max` characters. */
export const singleLineText = (max: number) => typedText(max, false);

/** Typed text that may hold line breaks and tabs (trimmed), at most `max` characters. */
export const multiLineText = (max: number) => typedText(max, true);

// What a URL may carry unencoded after its scheme (RFC 3986): never a raw "<>`{}|\^, a space or a
// non-ASCII character, which a page or an e-mail could read as markup or show as something else.
const URL_CHARACTERS = /^[-A-Za-z0-9._~:/?#@!$&'()*+,;=%[\]]*$/;

function isHttpsUrl(raw: string): boolean {
  if (!/^https:\/\//i.test(raw) || !URL_CHARACTERS.test(raw)) return false;
  let url: URL;
  try {
    // Refuses, among others, a port above 65535.
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.username === '' && url.password === '' && url.hostname.includes('.') && url.port !== '0';
}

/** An https URL with a host name (and a port of 1 to 65535, if any), at most `max` characters. */
export const httpsUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => v === '' || isHttpsUrl(v), 'must be an https URL');
