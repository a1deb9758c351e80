// The owner's pages of the request flow: the confirm form (GET) and what the form post answers.
import type { Response } from 'express';
import { esc } from '../html/escape';
import { sendPage } from '../http/html';
import type { Confirmation, ConfirmationView } from './operations';

function details(v: Pick<ConfirmationView, 'service' | 'location' | 'description' | 'pros'>): string {
  const pros =
    v.pros.length === 0
      ? '<dd>No pro selected: our coverage team will look for one for you.</dd>'
      : `<dd><ul>${v.pros.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></dd>`;
  return `<dl><dt>Service</dt><dd>${esc(v.service)}</dd><dt>Location</dt><dd>${esc(v.location)}</dd>
<dt>Project description</dt><dd>${esc(v.description)}</dd><dt>Pros who will be asked for a quote</dt>${pros}</dl>`;
}

export function confirmForm(res: Response, view: ConfirmationView, action: string, token: string): void {
  if (view.status === 'promoted') {
    sendPage(res, 200, 'Already confirmed', `<h1>This request is already confirmed</h1>${details(view)}`);
    return;
  }
  const count = view.pros.length;
  const button = count === 0 ? 'Confirm my request' : `Confirm and ask ${count} pro${count === 1 ? '' : 's'} for a quote`;
  sendPage(
    res,
    200,
    'Confirm your service request',
    `<h1>Confirm your service request</h1>
<p>Please check the details. Nothing is sent to anyone until you confirm.</p>${details(view)}
<form method="post" action="${esc(action)}"><input type="hidden" name="verificationToken" value="${esc(token)}">
<button type="submit">${esc(button)}</button></form>
<p><small>This link expires at ${esc(view.expiresAt)}.</small></p>`,
  );
}

export function confirmedPage(res: Response, c: Confirmation): void {
  const title = c.status === 'already_confirmed' ? 'Already confirmed' : 'Request confirmed';
  const who =
    c.quotes.length === 0
      ? '<p>No pro was selected, so our coverage team will find one for you.</p>'
      : `<p>We have asked for quotes from:</p><ul>${c.quotes.map((q) => `<li>${esc(q.contractorName)}</li>`).join('')}</ul>`;
  const token =
    c.ownerAccessToken === null
      ? ''
      : `<p>Your owner access token (keep it private; it is shown only once,
and we have also e-mailed you one):</p><p><code>${esc(c.ownerAccessToken)}</code></p>`;
  sendPage(res, 200, title, `<h1>${esc(title)}</h1>${who}<p>Opportunity <code>${esc(c.opportunityId)}</code></p>${token}`);
}
