// Confirm-gated writes over REST, for every door that has them (owner, pro): the operation
// answers either {preview} (nothing written: 202) or what it wrote (200).
import type { Request, RequestHandler, Response, Router } from 'express';
import { jsonBody } from './body-type';

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

/** A JSON POST that runs one confirm-gated operation, admitted first. */
export function postConfirmGated(
  router: Router,
  path: string,
  admit: RequestHandler,
  run: (req: Request) => Promise<Preview | Record<string, unknown>>,
): void {
  router.post(path, jsonBody, admit, async (req, res) => {
    sendWriteResult(res, await run(req));
  });
}
