// The owner request flow as tools: step 1 (create a draft, e-mail the owner a code) and step 2
// (confirm with the code or token). Same operations (which check the client), schemas as
// POST /api/v1/public/search-mcp/service-requests and .../{requestId}/confirm.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { confirmBody, requestIdPath, serviceRequestBody } from '../../requests/params';
import { confirmationData, confirmServiceRequest, createServiceRequest } from '../../requests/operations';
import type { ToolContext } from '../context';
import { run } from '../results';
import { openObject } from '../schemas';

const quote = z.object({
  quoteId: z.string(),
  contractorSlug: z.string(),
  contractorName: z.string(),
  opportunityId: z.string(),
  threadStatus: z.string(),
});

export function registerRequestTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_service_request',
    {
      title: 'Request quotes for an owner (step 1)',
      description:
        'Records a draft service request for a boat owner who consented, and e-mails the owner a verification code. No pro is contacted until the owner confirms (confirm_service_request). contractorSlugs: 0 to 3 pros (empty: our coverage team finds one). Trusted clients only.',
      inputSchema: serviceRequestBody,
      outputSchema: {
        status: z.literal('owner_verification_required'),
        requestId: z.string(),
        source: z.string(),
        verification: openObject({ channel: z.string(), sentTo: z.string(), expiresAt: z.string() }),
        selectedPros: z.array(openObject({ id: z.string(), slug: z.string(), name: z.string() })),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args) =>
      run(ctx, async () => {
        return createServiceRequest(ctx.db, ctx.config, ctx, args);
      }),
  );

  server.registerTool(
    'confirm_service_request',
    {
      title: 'Confirm a service request (step 2)',
      description:
        'Confirms a draft with the verification code (or link token) the owner received by e-mail: creates the Opportunity and contacts the selected pros. The first confirmation returns ownerAccessToken for the owner tools; a repeat confirmation changes nothing and carries no token. Trusted clients only.',
      inputSchema: { requestId: requestIdPath.shape.requestId, ...confirmBody.shape },
      outputSchema: {
        status: z.enum(['created', 'no_coverage', 'already_confirmed']),
        requestId: z.string(),
        opportunityId: z.string(),
        source: z.string(),
        quotes: z.array(quote),
        ownerAccessToken: z.string().optional().describe('Only on the first confirmation; keep it private.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ requestId, ...body }) =>
      run(ctx, async () => {
        // The body schema is parsed again in the operation, so its cross-field rule (code or token) applies too.
        const data = await confirmServiceRequest(ctx.db, ctx.config, ctx, { requestId }, body);
        return { ...confirmationData(data) };
      }),
  );
}
