// Who the request runs as; set by admission (src/identity/admission.ts).
import type { Caller } from '../db/caller';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller: Caller;
    }
  }
}
