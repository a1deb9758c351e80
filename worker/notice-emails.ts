// The notice e-mail: what happened on the other side since the recipient's last notice, oldest
// first, with each event's content (app_private.claim_notice gives the events and their
// payloads), and the recipient's link. What the other side typed is quoted and labelled
// (emails.ts, typed); times are shown in the zone SQL chose for each event (the quote's pro's
// listing state, app_private.state_time_zone), with the zone's abbreviation.
import { esc } from '../src/html/escape';
import { html, typed, type Content } from './emails';

export interface NoticeEvent {
  type: string;
  createdAt: string;
  quoteId: string;
  contractorName: string;
  timeZone: string;
  data: Record<string, unknown>;
}

export interface Notice {
  recipientId: number;
  side: 'owner' | 'pro';
  to: string;
  opportunityId: string;
  quoteId: string | null;
  ownerFirstName: string;
  proName: string | null;
  service: string;
  location: string;
  upTo: number;
  events: NoticeEvent[];
}

/** A line of an item: our words (a string), or words someone typed (quoted and labelled). */
type Line = string | { label: string; value: string };
interface Item {
  headline: string;
  lines: Line[];
}

/** An instant as the recipient reads it: e.g. "Sun, May 4, 2031, 9:00 AM EDT". */
export function localTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const typedLine = (label: string, value: unknown): Line[] => (text(value) === undefined ? [] : [{ label, value: value as string }]);

function money(d: Record<string, unknown>): Line[] {
  const amount = text(d.amount) ?? (typeof d.amount === 'number' ? String(d.amount) : undefined);
  return [
    ...(amount === undefined ? [] : [`Amount: ${amount} ${text(d.currency) ?? ''}`.trimEnd()]),
    ...typedLine('What it covers', d.description),
    ...(text(d.validUntil) === undefined ? [] : [`Valid until: ${text(d.validUntil)}`]),
  ];
}

/** What a pro did, as the owner reads it. */
function proItem(e: NoticeEvent): Item {
  const d = e.data;
  const who = e.contractorName;
  switch (e.type) {
    case 'quote.pro_message_sent':
      return { headline: `${who} sent you a message`, lines: typedLine('Message', d.content) };
    case 'quote.info_requested':
      return {
        headline: `${who} needs more information from you`,
        lines: texts(d.questions).map((q, i) => ({ label: `Question ${i + 1}`, value: q })),
      };
    case 'quote.visit_times_proposed':
      return { headline: `${who} proposed times for a visit`, lines: texts(d.times).map((t) => localTime(t, e.timeZone)) };
    case 'quote.estimate_submitted':
      return { headline: `${who} sent you an estimate${d.supersedes ? ' (it replaces the earlier one)' : ''}`, lines: money(d) };
    case 'quote.declined':
      return { headline: `${who} declined your request`, lines: typedLine('Reason', d.reason) };
    default:
      return { headline: `${who}: ${e.type}`, lines: [] };
  }
}

/** What the owner did on the pro's quote (or what became of the quote), as the pro reads it. */
function ownerItem(e: NoticeEvent): Item {
  const d = e.data;
  switch (e.type) {
    case 'quote.owner_message_sent':
      return { headline: 'The owner sent you a message', lines: typedLine('Message', d.content) };
    case 'quote.info_provided': {
      const answers = texts(d.answers);
      return {
        headline: 'The owner answered your questions',
        lines: texts(d.questions).flatMap((q, i) => [
          { label: `Question ${i + 1}`, value: q },
          ...typedLine(`Answer ${i + 1}`, answers[i]),
        ]),
      };
    }
    case 'quote.visit_time_selected':
      return {
        headline: 'The owner picked a visit time',
        lines: text(d.time) === undefined ? [] : [localTime(d.time as string, e.timeZone)],
      };
    case 'quote.awarded':
      return { headline: 'The owner accepted your estimate: you have the job', lines: money(d) };
    case 'quote.closed':
      return { headline: 'The owner awarded the work to another pro: this quote is closed', lines: [] };
    case 'quote.completed':
      return { headline: 'The owner marked the work complete', lines: [] };
    case 'quote.reviewed':
      return {
        headline: `The owner reviewed your work${typeof d.rating === 'number' || text(d.rating) ? `: ${String(d.rating)} out of 5` : ''}`,
        lines: typedLine('Review', d.text),
      };
    default:
      return { headline: `The owner: ${e.type}`, lines: [] };
  }
}

const lineText = (l: Line) => (typeof l === 'string' ? l : typed(l.label, l.value));
const lineHtml = (l: Line) => (typeof l === 'string' ? esc(l) : `<code>${esc(typed(l.label, l.value))}</code>`);

const STOP = 'Rather not get these e-mails? Your owner page and your assistant keep every update. Stop them here:';

/** The notice e-mail; `link` opens the recipient's page, `stopLink` (owner only) the page that stops these e-mails. */
export function noticeEmail(n: Notice, link: string, stopLink: string | null): Content {
  const items = n.events.map((e) => {
    const item = n.side === 'owner' ? proItem(e) : ownerItem(e);
    return { ...item, when: localTime(e.createdAt, e.timeZone) };
  });
  const about = n.side === 'owner' ? `your ${n.service} request` : `the ${n.service} request in ${n.location}`;
  const subject = items.length === 1 ? `${items[0]!.headline} (${n.service})` : `${items.length} updates on ${about}`;
  const hello = `Hello ${n.side === 'owner' ? n.ownerFirstName : (n.proName ?? '')},`;
  const intro = `Here is what happened on ${about}${n.quoteId ? ` (quote ${n.quoteId})` : ''}, oldest first. Times are in the time zone of the pro's listing, where the work is.`;
  const untrusted = 'Words in quotes are as the other side typed them: we have not checked them, and nothing in them comes from us.';
  const open =
    n.side === 'owner'
      ? 'Open your owner page to answer (the link is yours alone: keep it private):'
      : 'Answer on your quote page (the link is yours alone: keep it private):';
  return {
    subject,
    text: [
      hello,
      intro,
      ...items.map((it, i) => [`${i + 1}. ${it.headline} (${it.when})`, ...it.lines.map((l) => `   ${lineText(l)}`)].join('\n')),
      untrusted,
      `${open}\n${link}`,
      ...(stopLink === null ? [] : [`${STOP}\n${stopLink}`]),
    ].join('\n\n'),
    html: html([
      esc(hello),
      esc(intro),
      `<ol>${items.map((it) => `<li><b>${esc(it.headline)}</b> (${esc(it.when)})${it.lines.map((l) => `<br>${lineHtml(l)}`).join('')}</li>`).join('')}</ol>`,
      esc(untrusted),
      `<a href="${esc(link)}">${esc(open.replace(/:$/, ''))}</a>`,
      ...(stopLink === null ? [] : [`${esc(STOP.replace(/:$/, '.'))} <a href="${esc(stopLink)}">Stop these e-mails</a>`]),
    ]),
  };
}
