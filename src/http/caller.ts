// Who the request runs as. Every request starts anonymous; authentication replaces it.
import type { RequestHandler } from 'express';
import { ANONYMOUS, type Caller } from '../db/database';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller: Caller;
    }
  }
}

export const anonymousCaller: RequestHandler = (req, _res, next) => {
  req.caller = ANONYMOUS;
  next();
};
