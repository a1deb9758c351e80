// The OpenAPI document and the discovery documents (/.well-known/*, /llms.txt). Built in issue 6.
import { Router } from 'express';
import type { AppDeps } from '../http/app';

export function discoveryRouter(_deps: AppDeps): Router {
  return Router();
}
