// What a confirm-gated write will do, in words, from its preview (the SQL function's
// {action, detail}, written nothing) and the Opportunity the owner is looking at.
import { esc } from '../html/escape';
import { list } from '../html/page-parts';
import type { QuoteThread } from '../html/thread';
import { formatInstant } from '../html/time-zone';

export interface OwnerPreview {
  action: string;
  detail: Record<string, unknown>;
}

const text = (v: unknown) => esc(typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The preview's sentences (escaped HTML). */
export function previewHtml(p: OwnerPreview, pros: QuoteThread[], zone: string): string {
  const d = p.detail;
  const pro = text(d.contractorName);
  switch (p.action) {
    case 'send_message':
      return `<p>Send this message to ${pro}:</p><blockquote>${text(d.content)}</blockquote>`;
    case 'answer_missing_info': {
      const qs = Array.isArray(d.questions) ? (d.questions as unknown[]) : [];
      const as = Array.isArray(d.answers) ? (d.answers as unknown[]) : [];
      return `<p>Send these answers to ${pro}:</p>${list(qs.map((q, i) => `${text(q)} <b>${text(as[i])}</b>`))}`;
    }
    case 'select_visit_time':
      return `<p>Book the visit with ${pro} at <b>${esc(formatInstant(String(d.selectedTime), zone))}</b>. The pro is told; the other proposed times of this visit are no longer offered.</p>`;
    case 'accept_estimate': {
      const closing = Array.isArray(d.closesEstimates) ? (d.closesEstimates as string[]) : [];
      const names = closing.map((id) => pros.find((q) => q.estimates.some((e) => e.estimateId === id))?.contractorName ?? 'another pro');
      const others =
        names.length === 0 ? 'There are no other open estimates.' : `Accepting closes the other estimates: ${names.map(esc).join(', ')}.`;
      return `<p>Accept ${pro}'s estimate of <b>${text(Number(d.amount).toFixed(2))} ${text(d.currency)}</b>: the job is awarded to ${pro}. ${others} This cannot be undone.</p>`;
    }
    case 'mark_complete':
      return `<p>Mark ${pro}'s work complete. You can then review it.</p>`;
    case 'review':
      return `<p>Publish your review of ${pro}: <b>${text(d.rating)} of 5</b>.</p><blockquote>${text(d.review)}</blockquote><p>It appears on the pro's public profile.</p>`;
    default:
      return `<p>${text(p.action)}</p>`;
  }
}
