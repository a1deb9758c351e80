// The developer portal under /developers (reference, quickstart, registration, key console).
// Built in issue 6; the owners' help page is in owner-help.ts.
import { Router } from 'express';
import type { AppDeps } from '../http/app';

export function portalRouter(_deps: AppDeps): Router {
  return Router();
}
