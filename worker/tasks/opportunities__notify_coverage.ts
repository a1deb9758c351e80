// The no-coverage path: a verified request without pros goes to the coverage team.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { coverageEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ opportunityId: z.uuid() });

interface Notice {
  service: string;
  location: string;
  description: string;
  opportunityId: string;
  requestId: string;
}

export default function notifyCoverage(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { opportunityId } = payload.parse(raw);
    const notice = await call<Notice | null>(helpers, 'coverage_email', [opportunityId]);
    if (notice === null) return;
    await deps.mailer.send({ to: deps.coverageEmail, ...coverageEmail(notice) });
    await call(helpers, 'mark_coverage_notified', [opportunityId]);
  };
}
