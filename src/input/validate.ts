// Request parsing with zod: one schema per operation; a failure is a 400 whose text names the
// parameter and the rule. Handlers get the parsed value and never look at raw input again.
import { z } from 'zod';
import { ApiError } from '../errors';
import { nulBytePath, printablePath } from './nul-bytes';

type Where = 'query' | 'body' | 'path';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: Where): z.output<S> {
  // The raw input, fields the schema would drop included: nothing with a NUL goes further.
  const nul = nulBytePath(input);
  if (nul !== null) {
    throw invalid(
      where,
      printablePath(nul),
      'must not contain NUL bytes',
      'PostgreSQL text cannot hold the NUL character (U+0000); remove it.',
    );
  }
  const result = schema.safeParse(where === 'query' ? withoutEmptyValues(input) : input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || where}: ${i.message}`);
  const first = result.error.issues[0]!;
  throw invalid(where, first.path.join('.'), first.message, problems.join('; '));
}

function invalid(where: Where, name: string, message: string, details: string): ApiError {
  const noun = where === 'body' ? 'body field' : `${where} parameter`;
  return new ApiError(400, name ? `Invalid ${noun} '${name}': ${message}` : `Invalid ${where}: ${message}`, details);
}

/** Query values arrive as strings; an empty value (`?q=`) counts as absent. */
function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
}

// Query parameters are strings (a repeated key arrives as an array: 400). The OpenAPI document
// shows what they mean: the `override` gives the integer or number type and its range.
type JsonSchemaish = Record<string, unknown>;
const documentAs = (type: 'integer' | 'number', min: number, max: number) => ({
  override: ({ jsonSchema }: { jsonSchema: JsonSchemaish }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, { type, minimum: min }, Number.isFinite(max) ? { maximum: max } : {});
  },
});

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export const queryText = (max: number) =>
  z.string({ error: 'must be given once, as text' }).max(max, `must be at most ${max} characters`).optional();

const range = (min: number, max: number) => (max === Infinity ? `must be at least ${min}` : `must be between ${min} and ${max}`);

export interface NumericBounds {
  type: 'integer' | 'number';
  min: number;
  max: number;
}
// What each numeric query parameter means, so other doors (MCP tools) can take a real number
// with the same range: one source for the bounds (see numericQueryBounds).
const NUMERIC = new WeakMap<z.ZodType, NumericBounds>();

function numeric<S extends z.ZodType>(schema: S, bounds: NumericBounds) {
  const documented = schema.meta(documentAs(bounds.type, bounds.min, bounds.max));
  NUMERIC.set(documented, bounds);
  return documented.optional();
}

/** The type and range of a parameter made by queryInt or queryNumber (described or not); else null. */
export function numericQueryBounds(param: z.ZodType): NumericBounds | null {
  return param instanceof z.ZodOptional ? (NUMERIC.get(param.unwrap() as z.ZodType) ?? null) : null;
}

/** max may be Infinity when the cap depends on other parameters (checked by the caller). */
export const queryInt = (min: number, max: number) =>
  numeric(
    z
      .string({ error: 'must be given once' })
      .regex(/^[-+]?\d{1,15}$/, 'must be an integer')
      .transform(Number)
      .pipe(z.number().min(min, range(min, max)).max(max, range(min, max))),
    { type: 'integer', min, max },
  );

export const queryNumber = (min: number, max: number) =>
  numeric(
    z
      .string({ error: 'must be given once' })
      .regex(NUMBER, 'must be a number')
      .transform(Number)
      .pipe(z.number().min(min, range(min, max)).max(max, range(min, max))),
    { type: 'number', min, max },
  );

/** Adds an issue at a parameter; for rules that involve several parameters. */
export function fail(ctx: z.RefinementCtx, path: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [path], message });
}
