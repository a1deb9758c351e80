// A draft nobody verified lapses at its expiry: queued by app_hidden.create_service_request with
// run_at = the draft's expires_at, it records request.lapsed (app_private.lapse_service_request)
// only while the request is still an unverified, expired draft. Idempotent: a second run finds
// the event and writes nothing.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { call } from './deps';

const payload = z.object({ requestId: z.uuid() });

export default function lapseServiceRequest(): Task {
  return async (raw, helpers) => {
    const { requestId } = payload.parse(raw);
    await call<boolean>(helpers, 'lapse_service_request', [requestId]);
  };
}
