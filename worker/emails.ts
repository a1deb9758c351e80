// The texts of the e-mails. Each is plain text plus the same in simple HTML; every value from
// the database is escaped in the HTML.
import { esc } from '../src/html/escape';
import type { Mail } from './mailer';

export type Content = Omit<Mail, 'to'>;

export function html(paragraphs: string[]): string {
  return `<div style="font:15px/1.5 sans-serif;color:#10243e">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;
}

const proList = (pros: string[]) => (pros.length === 0 ? ['(none: our coverage team will find a pro for you)'] : pros);

export function verificationEmail(v: {
  firstName: string;
  service: string;
  location: string;
  description: string;
  pros: string[];
  expiresAt: string;
  code: string;
  link: string;
}): Content {
  const pros = proList(v.pros);
  return {
    subject: `Confirm your ${v.service} request`,
    text: [
      `Hello ${v.firstName},`,
      `An assistant asked us to request quotes for you. Nothing is sent to any pro until you confirm.`,
      `Service: ${v.service}`,
      `Location: ${v.location}`,
      `Project: ${v.description}`,
      `Pros to ask:\n${pros.map((p) => `  - ${p}`).join('\n')}`,
      `Your verification code: ${v.code}`,
      `Or confirm in your browser: ${v.link}`,
      `The code and link work only for this request, until ${v.expiresAt}. If you did not ask for this, ignore this e-mail.`,
    ].join('\n\n'),
    html: html([
      `Hello ${esc(v.firstName)},`,
      'An assistant asked us to request quotes for you. Nothing is sent to any pro until you confirm.',
      `<b>Service:</b> ${esc(v.service)}<br><b>Location:</b> ${esc(v.location)}<br><b>Project:</b> ${esc(v.description)}`,
      `<b>Pros to ask:</b><br>${pros.map(esc).join('<br>')}`,
      `Your verification code: <b style="font-size:18px;letter-spacing:2px">${esc(v.code)}</b>`,
      `<a href="${esc(v.link)}">Review and confirm your request</a>`,
      `The code and link work only for this request, until ${esc(v.expiresAt)}. If you did not ask for this, ignore this e-mail.`,
    ]),
  };
}

export function proNotificationEmail(v: {
  proName: string;
  service: string;
  location: string;
  description: string;
  ownerFirstName: string;
  quoteId: string;
  link: string;
}): Content {
  return {
    subject: `New ${v.service} request in ${v.location}`,
    text: [
      `Hello ${v.proName},`,
      `${v.ownerFirstName}, a verified boat owner, asks you for a quote.`,
      `Service: ${v.service}`,
      `Location: ${v.location}`,
      `Project: ${v.description}`,
      `Quote reference: ${v.quoteId}`,
      `Read the request and answer it (ask questions, propose visit times, send an estimate, or decline):\n${v.link}`,
      'This link is yours alone: it opens only this quote. Keep it private. Your assistant can use the token in it with our API.',
    ].join('\n\n'),
    html: html([
      `Hello ${esc(v.proName)},`,
      `${esc(v.ownerFirstName)}, a verified boat owner, asks you for a quote.`,
      `<b>Service:</b> ${esc(v.service)}<br><b>Location:</b> ${esc(v.location)}<br><b>Project:</b> ${esc(v.description)}`,
      `Quote reference: ${esc(v.quoteId)}`,
      `<a href="${esc(v.link)}">Read the request and answer it</a> (ask questions, propose visit times, send an estimate, or decline)`,
      'This link is yours alone: it opens only this quote. Keep it private. Your assistant can use the token in it with our API.',
    ]),
  };
}

export function coverageEmail(v: {
  service: string;
  location: string;
  description: string;
  opportunityId: string;
  requestId: string;
}): Content {
  return {
    subject: `No coverage: ${v.service} in ${v.location}`,
    text: [
      'A verified owner request found no pro. Please find coverage.',
      `Service: ${v.service}`,
      `Location: ${v.location}`,
      `Project: ${v.description}`,
      `Opportunity: ${v.opportunityId}`,
      `Request: ${v.requestId}`,
    ].join('\n\n'),
    html: html([
      'A verified owner request found no pro. Please find coverage.',
      `<b>Service:</b> ${esc(v.service)}<br><b>Location:</b> ${esc(v.location)}<br><b>Project:</b> ${esc(v.description)}`,
      `Opportunity: ${esc(v.opportunityId)}<br>Request: ${esc(v.requestId)}`,
    ]),
  };
}

export function ownerAccessEmail(v: {
  firstName: string;
  service: string;
  location: string;
  pros: string[];
  token: string;
  opportunityId: string;
  /** The owner's page of the Opportunity, with the token. */
  link: string;
}): Content {
  const pros = proList(v.pros);
  return {
    subject: `Your ${v.service} request is confirmed`,
    text: [
      `Hello ${v.firstName},`,
      `Your request is confirmed. Pros asked for a quote:\n${pros.map((p) => `  - ${p}`).join('\n')}`,
      `Your owner access token (keep it private; your assistant uses it to follow the quotes for you):\n${v.token}`,
      `Follow the quotes and answer the pros on your request's page:\n${v.link}`,
      `Opportunity: ${v.opportunityId}`,
    ].join('\n\n'),
    html: html([
      `Hello ${esc(v.firstName)},`,
      `Your request is confirmed. Pros asked for a quote:<br>${pros.map(esc).join('<br>')}`,
      `Your owner access token (keep it private; your assistant uses it to follow the quotes for you):<br><code>${esc(v.token)}</code>`,
      `<a href="${esc(v.link)}">Follow the quotes and answer the pros on your request's page</a>`,
      `Opportunity: ${esc(v.opportunityId)}`,
    ]),
  };
}

/** To an agent's account: one of its webhook endpoints failed for days and was disabled. */
export function webhookDisabledEmail(v: {
  firstName: string;
  url: string;
  endpointId: string;
  failingSince: string;
  disabledAt: string;
}): Content {
  const lines = [
    `Hello ${v.firstName},`,
    `Your webhook endpoint ${v.url} has not accepted a delivery since ${v.failingSince}, so we disabled it at ${v.disabledAt}.`,
    'It gets no more events. Its deliveries log shows what it answered: GET /api/v1/webhook-endpoints/' +
      `${v.endpointId}/deliveries. Once the receiver works again, create a new endpoint (POST /api/v1/webhook-endpoints).`,
  ];
  return { subject: 'Your webhook endpoint was disabled', text: lines.join('\n\n'), html: html(lines.map(esc)) };
}

/**
 * What someone typed, as data in a message we write: labelled and in quotes (JSON's, so a quote
 * inside it cannot end it early). Single-line fields hold no line breaks (app_hidden.checked_text),
 * so it cannot add lines of its own either.
 */
export const typed = (label: string, value: string) => `${label} (as they typed it): ${JSON.stringify(value)}`;

export function listingClaimEmail(v: {
  listingName: string;
  listingSlug: string;
  claimantName: string;
  claimantEmail: string;
  expiresAt: string;
  code: string;
  claimId: string;
}): Content {
  // The claimant's words are a stranger's until the inbox says otherwise: data, never our text.
  const claimant = [typed("Claimant's name", v.claimantName), typed("Claimant's e-mail", v.claimantEmail)];
  const intro = `Someone asked to claim your listing (${v.listingSlug}) in the Marine Pros directory. Whoever claims it can edit its tagline, description, phone, website, social links and photos.`;
  const unchecked = 'Who asked, in their own words (we have not checked them, and nothing in them comes from us):';
  return {
    subject: `Claim your listing ${v.listingName}`,
    text: [
      `Hello ${v.listingName},`,
      intro,
      `${unchecked}\n${claimant.map((line) => `  ${line}`).join('\n')}`,
      `If that is you or someone at your business, the claim code is: ${v.code}`,
      `Give it only to the person claiming your listing. It works only for claim ${v.claimId}, until ${v.expiresAt}.`,
      'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
    ].join('\n\n'),
    html: html([
      `Hello ${esc(v.listingName)},`,
      esc(intro),
      `${esc(unchecked)}<br>${claimant.map((line) => `<code>${esc(line)}</code>`).join('<br>')}`,
      `If that is you or someone at your business, the claim code is: <b style="font-size:18px;letter-spacing:2px">${esc(v.code)}</b>`,
      `Give it only to the person claiming your listing. It works only for claim ${esc(v.claimId)}, until ${esc(v.expiresAt)}.`,
      'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
    ]),
  };
}
