// The answer of a confirm-gated write (owner writes, listing edits): the preview as a 202 that
// says nothing was written, or the write's data as a 200.
import type { Response } from 'express';

export interface Preview {
  preview: { action: string; detail: Record<string, unknown> };
}

export function answerGatedWrite<T extends object>(res: Response, result: Preview | T): void {
  if ('preview' in result) {
    res.status(202).json({
      success: true,
      confirmationRequired: true,
      writesPerformed: false,
      action: result.preview.action,
      detail: result.preview.detail,
    });
    return;
  }
  res.json({ success: true, data: result });
}
