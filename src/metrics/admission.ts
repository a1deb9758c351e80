// Admission outcomes (src/identity/admission.ts): requests admitted, refused for their key (401:
// malformed, unknown or revoked) and refused for their quota (429).
import { Counter } from 'prom-client';

export type AdmissionOutcome = 'admitted' | 'unauthenticated' | 'rate_limited';

const admissions = new Counter({
  name: 'marine_admissions_total',
  help: 'Admissions of API requests by outcome: admitted, unauthenticated (401), rate_limited (429)',
  labelNames: ['outcome'],
});

export function countAdmission(outcome: AdmissionOutcome): void {
  admissions.inc({ outcome });
}
