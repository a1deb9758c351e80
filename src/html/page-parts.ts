// The parts the pages for people share (the owner's and the pro's; src/http/html.ts sends them):
// lists, labelled inputs, forms that post back with the page's token and time zone, the time-zone
// chooser, and the lines that say what was done or why it was refused. Every value is escaped
// here; what callers pass as `inputs` or `items` must already be escaped HTML.
import { esc } from './escape';
import { TIME_ZONES } from './time-zone';

/** What every link and form of a page carries: the token of its link, the reader's zone. */
export interface PageState {
  token: string;
  zone: string;
}

export const list = (items: string[]) =>
  items.length === 0 ? '<p>None yet.</p>' : `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export const label = (text: string, input: string) => `<p><label>${text}<br>${input}</label></p>`;

export const hidden = (name: string, value: string) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;

/** The page again: its path with the token, the zone and what more the query needs. */
export function pageHref(path: string, state: PageState, more: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ token: state.token, tz: state.zone, ...more }).toString()}`;
}

/**
 * A form that posts to `action` with the page's token (in the body, under `tokenField`) and zone.
 * `hiddenFields` are the write's ids; `inputs` is already escaped HTML.
 */
export function postForm(
  o: { action: string; tokenField: string; state: PageState; hiddenFields?: Record<string, string> },
  title: string,
  inputs: string,
  button: string,
): string {
  const fields = Object.entries(o.hiddenFields ?? {})
    .map(([name, value]) => hidden(name, value))
    .join('');
  return (
    `${title === '' ? '' : `<h3>${title}</h3>`}<form method="post" action="${esc(o.action)}">` +
    `${hidden(o.tokenField, o.state.token)}${hidden('tz', o.state.zone)}${fields}${inputs}` +
    `<p><button type="submit">${button}</button></p></form>`
  );
}

/** The GET form that chooses the zone the page's times are shown (and typed) in. */
export function zoneChooser(path: string, state: PageState): string {
  const options = TIME_ZONES.map((z) => `<option${z === state.zone ? ' selected' : ''}>${esc(z)}</option>`).join('');
  return (
    `<form method="get" action="${esc(path)}" class="zone">${hidden('token', state.token)}` +
    `<label>Times are shown in <select name="tz">${options}</select></label> <button type="submit">Change time zone</button></form>`
  );
}

/** The line that says what the last post did (after its redirect), or that a zone was refused. */
export const notice = (text: string) => `<p role="status" class="notice"><b>${esc(text)}</b></p>`;

/** Why a post was refused, in words, above the page it was posted from. */
export const refusal = (error: { message: string; details?: string }) =>
  `<div class="error" role="alert"><h2>${esc(error.message)}</h2>${error.details === undefined ? '' : `<p>${esc(error.details)}</p>`}</div>`;

/** The notice for a refused zone choice. */
export const zoneRefused = (raw: string, zone: string) =>
  notice(`"${raw}" is not a time zone this page knows; times are shown in ${zone}.`);

/** What a page says above itself: the last post's notice, a refused zone, a refused post. */
export interface PageNotes {
  done?: string;
  zoneRefused?: string;
  refused?: { status: number; message: string; details?: string };
}

/** The notes' lines, in that order (escaped HTML). */
export function pageNotes(notes: PageNotes, zone: string): string {
  return (
    (notes.done === undefined ? '' : notice(notes.done)) +
    (notes.zoneRefused === undefined ? '' : zoneRefused(notes.zoneRefused, zone)) +
    (notes.refused === undefined ? '' : refusal(notes.refused))
  );
}
