// The owner's page of one Opportunity (the link in the owner's e-mails): the request, each pro's
// thread, and a form for each owner write where the thread allows it. No script; each form posts
// back (routes.ts): a first post shows a preview of what will happen with a Confirm button
// (confirm-gated, as the API is), the confirmed post writes and is answered with a redirect to
// this page (src/http/page-post.ts). Times are shown in the reader's chosen zone.
import type { Response } from 'express';
import { esc } from '../html/escape';
import { hidden, label, list, pageHref, pageNotes, postForm, zoneChooser, type PageNotes, type PageState } from '../html/page-parts';
import { statusWords } from '../html/status-words';
import {
  estimateHtml,
  messagesHtml,
  questionsHtml,
  quoteStatusLine,
  reviewHtml,
  visitHtml,
  type QuoteThread,
  type ThreadQuestions,
  type ThreadVisit,
} from '../html/thread';
import { formatInstant } from '../html/time-zone';
import { sendPage } from '../http/html';
import { CARRIED_FIELD } from './page-forms';
import { previewHtml, type OwnerPreview } from './page-preview';
import { ownerPagePath } from './paths';

export interface OwnerOpportunityView {
  opportunityId: string;
  status: string;
  owner: { firstName: string };
  project: { specialtyName: string; location: string; description: string };
  createdAt: string;
  completedAt: string | null;
  pros: QuoteThread[];
}

const RATINGS = ['5', '4.5', '4', '3.5', '3', '2.5', '2', '1.5', '1'];

/** The forms of one thread, by what the thread is waiting for. */
class ThreadForms {
  constructor(
    private readonly v: OwnerOpportunityView,
    private readonly q: QuoteThread,
    private readonly state: PageState,
  ) {}

  private form(suffix: string, title: string, ids: Record<string, string>, inputs: string, button: string): string {
    const action = `${ownerPagePath(this.v.opportunityId)}/${suffix}`;
    return postForm({ action, tokenField: 'ownerAccessToken', state: this.state, hiddenFields: ids }, title, inputs, button);
  }

  answer(r: ThreadQuestions): string {
    if (r.status !== 'open' || this.q.threadStatus !== 'open') return questionsHtml(r);
    const inputs = r.questions
      .map((q, i) => label(esc(q), `<textarea name="answer${i + 1}" rows="2" cols="50" required maxlength="1000"></textarea>`))
      .join('');
    return this.form('missing-info', `${esc(this.q.contractorName)} asks`, { quoteId: this.q.quoteId }, inputs, 'Answer');
  }

  visit(v: ThreadVisit): string {
    if (v.status !== 'proposed' || this.q.threadStatus !== 'open') return visitHtml(v, this.state.zone);
    const choices = v.options
      .map(
        (t, i) =>
          `<p><label><input type="radio" name="selectedTime" value="${esc(t)}"${i === 0 ? ' required' : ''}> ` +
          `${esc(formatInstant(t, this.state.zone))}</label></p>`,
      )
      .join('');
    return this.form('select-visit-time', 'Pick a visit time', { quoteId: this.q.quoteId, visitId: v.visitId }, choices, 'Pick this time');
  }

  estimate(e: QuoteThread['estimates'][number], awarded: boolean): string {
    if (e.status !== 'submitted' || awarded) return estimateHtml(e);
    return `${estimateHtml(e)}${this.form('accept-estimate', '', { estimateId: e.estimateId }, '', 'Accept this estimate')}`;
  }

  closing(): string {
    const ids = { quoteId: this.q.quoteId };
    const parts: string[] = [];
    if (this.q.quoteStatus === 'awarded') parts.push(this.form('mark-complete', 'Is the work done?', ids, '', 'Mark the work complete'));
    if (this.q.quoteStatus === 'completed' && this.q.review === null) {
      const ratings = RATINGS.map((r) => `<option>${r}</option>`).join('');
      const inputs =
        label('Rating (of 5)', `<select name="rating">${ratings}</select>`) +
        label('Your review', '<textarea name="review" rows="4" cols="50" required minlength="3" maxlength="2000"></textarea>');
      parts.push(this.form('review', 'Review the work', ids, inputs, 'Review'));
    }
    if (this.q.threadStatus === 'open') {
      const input = label('Message', '<textarea name="content" rows="3" cols="50" required maxlength="5000"></textarea>');
      parts.push(this.form('messages', `Send ${esc(this.q.contractorName)} a message`, ids, input, 'Send'));
    }
    return parts.join('');
  }
}

function threadHtml(v: OwnerOpportunityView, q: QuoteThread, state: PageState): string {
  const forms = new ThreadForms(v, q, state);
  const awarded = v.pros.some((p) => p.quoteStatus === 'awarded' || p.quoteStatus === 'completed');
  const who = (author: string) => (author === 'owner' ? 'You' : esc(q.contractorName));
  return (
    `<section id="quote-${esc(q.quoteId)}"><h2>${esc(q.contractorName)}</h2><p>${quoteStatusLine(q)}</p>` +
    `<h3>Messages</h3>${messagesHtml(q, state.zone, who)}` +
    `<h3>Questions</h3>${list(q.conversation.missingInfoRequests.map((r) => forms.answer(r)))}` +
    `<h3>Visits</h3>${list(q.visits.map((x) => forms.visit(x)))}` +
    `<h3>Estimates</h3>${list(q.estimates.map((e) => forms.estimate(e, awarded)))}` +
    `${reviewHtml(q, 'Your review')}${forms.closing()}</section>`
  );
}

const titleOf = (v: OwnerOpportunityView) => `${v.project.specialtyName} request in ${v.project.location}`;

export function ownerOpportunityPage(res: Response, v: OwnerOpportunityView, state: PageState, notes: PageNotes = {}): void {
  const path = ownerPagePath(v.opportunityId);
  const completed = v.completedAt === null ? '' : `<dt>Completed</dt><dd>${esc(formatInstant(v.completedAt, state.zone))}</dd>`;
  const pros = v.pros.length === 0 ? '<p>No pros were asked yet.</p>' : v.pros.map((q) => threadHtml(v, q, state)).join('');
  sendPage(
    res,
    notes.refused?.status ?? 200,
    titleOf(v),
    `${pageNotes(notes, state.zone)}<h1>${esc(titleOf(v))}</h1>${zoneChooser(path, state)}
<dl><dt>Status</dt><dd>${esc(statusWords('opportunity', v.status))}</dd><dt>Service</dt><dd>${esc(v.project.specialtyName)}</dd>
<dt>Location</dt><dd>${esc(v.project.location)}</dd><dt>Description</dt><dd>${esc(v.project.description)}</dd>
<dt>Requested</dt><dd>${esc(formatInstant(v.createdAt, state.zone))}</dd>${completed}</dl>
${pros}<p><a href="${esc(pageHref(path, state))}">Reload this page</a></p>
<p><small>This page is yours alone: keep the link private.</small></p>`,
  );
}

/** The preview of a form's write: what will happen, and a Confirm button that posts it again with confirm=yes. */
export function ownerPreviewPage(
  res: Response,
  v: OwnerOpportunityView,
  state: PageState,
  form: { suffix: string; fields: Record<string, unknown> },
  preview: OwnerPreview,
): void {
  const path = ownerPagePath(v.opportunityId);
  const carried = Object.entries(form.fields)
    .filter(([name, value]) => CARRIED_FIELD.test(name) && typeof value === 'string')
    .map(([name, value]) => hidden(name, value as string))
    .join('');
  const confirm = postForm(
    { action: `${path}/${form.suffix}`, tokenField: 'ownerAccessToken', state, hiddenFields: { confirm: 'yes' } },
    '',
    carried,
    'Confirm',
  );
  sendPage(
    res,
    200,
    `Confirm: ${titleOf(v)}`,
    `<h1>Please confirm</h1><p>Nothing has been done yet.</p>${previewHtml(preview, v.pros, state.zone)}${confirm}
<p><a href="${esc(pageHref(path, state))}">Cancel and go back to the request</a></p>`,
  );
}
