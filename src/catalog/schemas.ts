// The catalog's schemas from the REST schemas, so an operation's input states exactly what REST
// enforces (one source): a query parameter becomes a typed argument (numbers as numbers, with the
// same range) with the same description; and the shapes outputs share. Every input carries a description and no
// output schema leaves a value untyped (test/e2e/mcp-schemas.test.ts checks both, with the MCP
// inspector's strict mode).
import { z } from 'zod';
import { numericQueryBounds } from '../input/validate';

type QuerySchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

/** The tool arguments of a REST query schema, less the parameters named in `omit`. */
export function queryArguments(query: QuerySchema, omit: readonly string[] = []): Record<string, z.ZodType> {
  const shape = (query instanceof z.ZodPipe ? query.in : query).shape as Record<string, z.ZodType>;
  const args: Record<string, z.ZodType> = {};
  for (const [name, param] of Object.entries(shape)) {
    if (omit.includes(name)) continue;
    const bounds = numericQueryBounds(param);
    if (bounds === null) {
      args[name] = param;
      continue;
    }
    let number = bounds.type === 'integer' ? z.number().int() : z.number();
    number = number.min(bounds.min);
    if (Number.isFinite(bounds.max)) number = number.max(bounds.max);
    args[name] = number.optional().describe(param.description ?? name);
  }
  return args;
}

/**
 * A tool's arguments from a REST body: its fields and `more` (path ids, the token), refusing
 * unknown fields exactly when the body does (a z.strictObject). MCP checks arguments against
 * this schema, so its refusal is REST's rule, not a copy of it; A2A hands its input to the
 * operation, which parses it with the same body.
 */
export function bodyArguments(body: z.ZodObject, more: Record<string, z.ZodType> = {}): z.ZodObject {
  const shape = { ...body.shape, ...more };
  return body._zod.def.catchall instanceof z.ZodNever ? z.strictObject(shape) : z.object(shape);
}

/**
 * An object whose other fields are not listed here: says so (`additionalProperties: true`)
 * rather than leaving an untyped `{}` that clients cannot tell from a mistake.
 */
export const openObject = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape).meta({ additionalProperties: true });

/** A feed page (the owner's and the pro's events): each event's data is its type's payload (docs/events.md). */
export const eventsPage = {
  events: z.array(
    openObject({
      id: z.string(),
      type: z.string(),
      createdAt: z.string(),
      requestId: z.string(),
      // min(1): a nullable string with a rule is an anyOf, which every client's dialect reads.
      opportunityId: z.string().min(1).nullable(),
      quoteId: z.string().min(1).nullable(),
      data: openObject({}),
    }),
  ),
  nextCursor: z
    .string()
    .min(1)
    .nullable()
    .describe('Pass as after for the next page; null once caught up (poll later with the last event id as after).'),
};

export const nextCursor = z
  .string()
  .min(1)
  .nullable()
  .describe('Pass as cursor (with the same other arguments) for the next page; null on the last page.');
