// The reader's time zone on the pages for people (the owner's and the pro's): chosen with a small
// GET form, carried as `tz` in every link, form and redirect of the page, and used for every time
// the page shows (and, on the pro's page, for the visit times the pro types). The zones are the
// IANA names this Node knows (Intl), which are the ones PostgreSQL reads too (both use the IANA
// database); UTC when none is chosen, as the API's times are.

export const DEFAULT_TIME_ZONE = 'UTC';

/** Every zone a reader can choose: UTC first, then Intl's IANA names (which leave UTC out). */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
const KNOWN = new Set(TIME_ZONES);

/**
 * A chosen zone's canonical IANA name (Intl resolves case and aliases: "america/new_york",
 * "US/Eastern"), or undefined when it is no zone Intl knows. Offsets ("+05:00") are refused: a
 * zone's name says whose clock it is.
 */
export function canonicalTimeZone(candidate: string): string | undefined {
  if (candidate.length === 0 || candidate.length > 64) return undefined;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: candidate }).resolvedOptions().timeZone;
    return KNOWN.has(zone) ? zone : undefined;
  } catch {
    return undefined; // RangeError: not a time zone
  }
}

/** The page's zone from its query or form: the default when absent, and whether one was refused. */
export function pageTimeZone(raw: unknown): { zone: string; refused?: string } {
  if (typeof raw !== 'string' || raw === '') return { zone: DEFAULT_TIME_ZONE };
  const zone = canonicalTimeZone(raw);
  return zone === undefined ? { zone: DEFAULT_TIME_ZONE, refused: raw } : { zone };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** An ISO 8601 instant as the reader's clock shows it, the zone named: "Sun, May 4, 2031, 09:00 (America/New_York)". */
export function formatInstant(iso: string, zone: string): string {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${format.format(date)} (${zone})`;
}
