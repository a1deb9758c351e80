// The answer of a confirm-gated write, for every REST door that has them (owner, pro): the SQL
// function answers either {preview} (nothing written: 202) or what it wrote (200).
import type { Response } from 'express';

interface Preview {
  preview: { action: string; detail: Record<string, unknown> };
}

export function sendWriteResult(res: Response, result: Preview | Record<string, unknown>): void {
  if ('preview' in result) {
    const { action, detail } = (result as Preview).preview;
    res.status(202).json({ success: true, confirmationRequired: true, writesPerformed: false, action, detail });
    return;
  }
  res.json({ success: true, data: result });
}
