// The owner request flow in the catalog: step 1 (a draft, and the owner e-mailed a code) and
// step 2 (confirm with the code or link token), the operations of POST
// /api/v1/public/search-mcp/service-requests and .../{requestId}/confirm, with their schemas.
// Trusted clients only: the operations check the address (src/requests/operations.ts).
import { z } from 'zod';
import { confirmationData, confirmServiceRequest, createServiceRequest } from '../requests/operations';
import { confirmBody, requestIdPath, serviceRequestBody } from '../requests/params';
import type { Operation } from './operation';
import { bodyArguments, openObject } from './schemas';

const quote = z.object({
  quoteId: z.string(),
  contractorSlug: z.string(),
  contractorName: z.string(),
  opportunityId: z.string(),
  threadStatus: z.string(),
});
const tags = ['service-request', 'owner', 'write'];

export const requestOperations: Operation[] = [
  {
    name: 'create_service_request',
    title: 'Request quotes for an owner (step 1)',
    description:
      'Records a draft service request for a boat owner who consented, and e-mails the owner a verification code. No pro is contacted until the owner confirms (confirm_service_request). contractorSlugs: 0 to 3 pros (empty: our coverage team finds one). Trusted clients only.',
    input: serviceRequestBody,
    output: {
      status: z.literal('owner_verification_required'),
      requestId: z.string(),
      source: z.string(),
      verification: openObject({ channel: z.string(), sentTo: z.string(), expiresAt: z.string() }),
      selectedPros: z.array(openObject({ id: z.string(), slug: z.string(), name: z.string() })),
    },
    effects: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    skill: {
      name: 'Request quotes for a boat owner (step 1)',
      description:
        "With the owner's consent, records a draft request to up to three pros and e-mails the owner a verification code; no pro is contacted until confirm_service_request. Input: the body of POST /api/v1/public/search-mcp/service-requests. Trusted clients only.",
      tags,
    },
    run: ({ db, config, caller, ip }, input) => createServiceRequest(db, config, { caller, ip }, input),
  },
  {
    name: 'confirm_service_request',
    title: 'Confirm a service request (step 2)',
    description:
      'Confirms a draft with the verification code (or link token) the owner received by e-mail: creates the Opportunity and contacts the selected pros. The first confirmation returns ownerAccessToken for the owner tools; a repeat confirmation changes nothing and carries no token. Trusted clients only.',
    input: bodyArguments(confirmBody, { requestId: requestIdPath.shape.requestId }),
    output: {
      status: z.enum(['created', 'no_coverage', 'already_confirmed']),
      requestId: z.string(),
      opportunityId: z.string(),
      source: z.string(),
      quotes: z.array(quote),
      ownerAccessToken: z.string().optional().describe('Only on the first confirmation; keep it private.'),
    },
    effects: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    skill: {
      description:
        'Confirms a draft with the verification code (or link token) the owner received: creates the Opportunity, contacts the pros, and returns ownerAccessToken the first time. Input: requestId, verificationCode or verificationToken. Trusted clients only.',
      tags,
    },
    // The body schema is parsed again in the operation, so its cross-field rule (code or token) applies too.
    run: async ({ db, config, caller, ip }, { requestId, ...body }) => ({
      ...confirmationData(await confirmServiceRequest(db, config, { caller, ip }, { requestId }, body)),
    }),
  },
];
