// The owner's Opportunity tools: reads and confirm-gated writes, calling the same SQL functions
// as /api/v1/public/search-mcp/owner/opportunities/*. The owner access token is a tool argument
// (the body-equivalent; tool arguments are not URLs) and obeys the same 64-hex rule and errors.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { opportunityPath } from '../../owner/params';
import {
  listOwnerOpportunities,
  ownerWrites,
  readOwnerOpportunity,
  writeOwnerOpportunity,
  type OwnerWrite,
  type WriteSchema,
} from '../../owner/operations';
import { checkedOwnerTokenDigest } from '../../owner/token';
import type { ToolContext } from '../context';
import { run } from '../results';
import { openObject } from '../schemas';

const ownerAccessToken = z
  .string()
  .max(200)
  .describe("The owner access token from confirm_service_request or the owner's e-mail (64 hexadecimal characters).");
const opportunityId = opportunityPath.shape.opportunityId;
const tokenDigestOf = (value: string | undefined) =>
  checkedOwnerTokenDigest(value, 'Pass the owner access token as the ownerAccessToken argument.');

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const pro = openObject({ quoteId: z.string(), contractorSlug: z.string(), contractorName: z.string() });
const opportunity = openObject({ opportunityId: z.string(), status: z.string(), pros: z.array(pro) });

export function registerOwnerTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'owner_list_opportunities',
    {
      title: "The owner's Opportunity (list)",
      description: 'The one Opportunity the owner access token is scoped to.',
      inputSchema: { ownerAccessToken },
      outputSchema: { opportunities: z.array(opportunity), ownerAccessScope: z.string() },
      annotations: READ,
    },
    (args) => run(ctx, () => listOwnerOpportunities(ctx.db, tokenDigestOf(args.ownerAccessToken))),
  );

  for (const [name, title, description, read, outputSchema] of [
    [
      'owner_get_opportunity',
      'Owner Opportunity',
      'The Opportunity with every pro thread: messages, missing-info requests, estimates, visits, review.',
      'opportunity',
      opportunity,
    ],
    [
      'owner_opportunity_status',
      'Opportunity status',
      "The derived status of the Opportunity and of each pro's quote.",
      'status',
      openObject({ opportunityId: z.string(), status: z.string(), pros: z.array(openObject({ quoteId: z.string() })) }),
    ],
    [
      'owner_visit_options',
      'Visit options',
      'The visit times the pros proposed (choose one with owner_select_visit_time).',
      'visitOptions',
      openObject({
        opportunityId: z.string(),
        visits: z.array(openObject({ visitId: z.string(), quoteId: z.string(), options: z.array(z.string()) })),
      }),
    ],
  ] as const) {
    server.registerTool(
      name,
      {
        title,
        description,
        inputSchema: { ownerAccessToken, opportunityId },
        outputSchema,
        annotations: READ,
      },
      (args) =>
        run(ctx, async () => {
          const tokenDigest = tokenDigestOf(args.ownerAccessToken);
          return readOwnerOpportunity(ctx.db, read, tokenDigest, { opportunityId: args.opportunityId });
        }),
    );
  }

  /**
   * One confirm-gated write. The input is the REST body's fields plus opportunityId and a
   * required token; the body is re-parsed with the REST schema (cross-field rules, messages).
   * Without confirm: true the SQL function checks everything and writes nothing: the preview.
   */
  function write<S extends z.ZodObject & WriteSchema>(
    name: string,
    title: string,
    description: string,
    w: OwnerWrite<S>,
    annotations: Pick<ToolAnnotations, 'destructiveHint' | 'idempotentHint'>,
  ): void {
    server.registerTool(
      name,
      {
        title,
        description: `${description} Without confirm: true nothing is written and the answer is a preview (action, detail) to show the owner.`,
        inputSchema: { ...w.schema.shape, opportunityId, ownerAccessToken },
        outputSchema: {
          confirmationRequired: z.boolean(),
          writesPerformed: z.boolean(),
          action: z.string().optional(),
          detail: openObject({}).optional().describe('What the write would do (preview only): which pro, which text, time or amount.'),
          opportunityId: z.string().optional(),
        },
        annotations: { readOnlyHint: false, openWorldHint: true, ...annotations },
      },
      (args: Record<string, unknown>) =>
        run(ctx, async () => {
          const { opportunityId: rawId, ...rawBody } = args;
          const result = await writeOwnerOpportunity(ctx.db, w, { body: rawBody, path: { opportunityId: rawId } }, tokenDigestOf);
          if ('preview' in result) {
            return { confirmationRequired: true, writesPerformed: false, action: result.preview.action, detail: result.preview.detail };
          }
          return { confirmationRequired: false, writesPerformed: true, opportunityId: result.opportunityId };
        }),
    );
  }

  const additive = { destructiveHint: false, idempotentHint: false };
  write(
    'owner_send_message',
    'Message a pro',
    'Sends a message (1 to 5000 characters) to the pro of quoteId as the verified owner.',
    ownerWrites.messages,
    additive,
  );
  write(
    'owner_answer_missing_info',
    "Answer a pro's questions",
    'Answers (1 to 20 strings) the oldest open missing-info request of the quote.',
    ownerWrites.missingInfo,
    additive,
  );
  write(
    'owner_select_visit_time',
    'Choose a visit time',
    'Schedules the visit at one of the times the pro proposed (an ISO 8601 date-time with a zone).',
    ownerWrites.selectVisitTime,
    { destructiveHint: true, idempotentHint: false },
  );
  write(
    'owner_accept_estimate',
    'Accept an estimate',
    "Awards the work to that estimate's pro; the other submitted estimates and quotes are closed.",
    ownerWrites.acceptEstimate,
    { destructiveHint: true, idempotentHint: false },
  );
  write('owner_mark_complete', 'Mark the work complete', "Marks the awarded quote's work complete.", ownerWrites.markComplete, {
    destructiveHint: true,
    idempotentHint: false,
  });
  write(
    'owner_review',
    'Review the pro',
    "Reviews the awarded pro (rating: whole number 1 to 5; review: 3 to 2000 characters); shown on the pro's profile.",
    ownerWrites.review,
    additive,
  );
}
