// Building blocks of the request-flow tests: a valid body, demo pros, and reading the
// verification e-mail.
import type { TestService } from './server';
import type { ReceivedMail, SmtpSink } from './smtp';

export interface Pro {
  id: string;
  slug: string;
  name: string;
  email: string;
}

export async function demoPros(svc: TestService, count: number, offset = 0): Promise<Pro[]> {
  const { rows } = await svc.db.pool.query(
    `select id, slug, name, email::text from app_public.contractors
    where is_active and email is not null order by slug limit $1 offset $2`,
    [count, offset],
  );
  return rows;
}

export async function specialtySlug(svc: TestService): Promise<string> {
  const { rows } = await svc.db.pool.query('select slug from app_public.specialties order by slug limit 1');
  return rows[0].slug;
}

let n = 0;
export function requestBody(specialty: string, pros: Array<{ slug: string }>, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    owner: { firstName: 'Olivia', lastName: 'Owner', email: `owner${n}.${process.pid}@example.com`, phone: '+1 305 555 0100' },
    project: { specialtySlug: specialty, location: 'Fort Lauderdale, FL', description: `Port engine overheats at cruising speed (#${n}).` },
    contractorSlugs: pros.map((p) => p.slug),
    ownerConsent: { confirmed: true, statement: 'The owner asked me to request quotes.' },
    ...overrides,
  };
}

export const REQUESTS = '/api/v1/public/search-mcp/service-requests';

export function verificationOf(mail: ReceivedMail): { code: string; link: string; token: string } {
  const code = /verification code: (\d{8})/.exec(mail.text)?.[1];
  const link = /(https?:\/\/\S+\/confirm\?token=([0-9a-f]{64}))/.exec(mail.text);
  if (!code || !link) throw new Error(`no code or link in:\n${mail.text}`);
  return { code, link: link[1]!, token: link[2]! };
}

export async function verificationMail(sink: SmtpSink, to: string): Promise<ReceivedMail> {
  const [mail] = await sink.waitFor((m) => m.to.includes(to) && m.subject.startsWith('Confirm your'));
  return mail!;
}

/** The link in a pro's notification e-mail: the page of its quote, with the pro access token. */
export function proLinkOf(mail: ReceivedMail): { link: string; quoteId: string; token: string } {
  const match = /(https?:\/\/\S+\/pro\/quotes\/([0-9a-f-]{36})\?token=([0-9a-f]{64}))/.exec(mail.text);
  if (!match) throw new Error(`no pro link in the e-mail: ${mail.text}`);
  return { link: match[1]!, quoteId: match[2]!, token: match[3]! };
}
