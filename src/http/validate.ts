// Request parsing with zod: one schema per operation; a failure is a 400 whose text names the
// parameter and the rule. Handlers get the parsed value and never look at raw input again.
import { z } from 'zod';
import { ApiError } from './errors';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, where: 'query' | 'body' | 'path'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.') || where}: ${i.message}`);
  const first = result.error.issues[0]!;
  const name = first.path.join('.');
  const noun = where === 'body' ? 'body field' : `${where} parameter`;
  throw new ApiError(400, name ? `Invalid ${noun} '${name}': ${first.message}` : `Invalid ${where}: ${first.message}`,
    problems.join('; '));
}

/** Query values arrive as strings; an empty value counts as absent. Repeated keys stay arrays (400). */
const present = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), inner.optional());

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export const queryText = (max: number) =>
  present(z.string({ error: 'must be given once, as text' }).max(max, `must be at most ${max} characters`));

const range = (min: number, max: number) =>
  max === Infinity ? `must be at least ${min}` : `must be between ${min} and ${max}`;

/** max may be Infinity when the cap depends on other parameters (checked by the caller). */
export const queryInt = (min: number, max: number) =>
  present(z.string({ error: 'must be given once' })
    .regex(/^[-+]?\d{1,15}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().min(min, range(min, max)).max(max, range(min, max))));

export const queryNumber = (min: number, max: number) =>
  present(z.string({ error: 'must be given once' })
    .regex(NUMBER, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min, range(min, max)).max(max, range(min, max))));

/** Adds an issue at a parameter; for rules that involve several parameters. */
export function fail(ctx: z.RefinementCtx, path: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [path], message });
}
