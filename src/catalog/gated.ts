// Confirm-gated writes as the agent doors offer them (the owner's, owner.ts; the pro's, pro.ts;
// a claimed listing's edit, claims.ts):
// the operation answers {preview} when confirm was not true (nothing written) or what it wrote;
// the doors flatten both into one object that says which it was.
import { z } from 'zod';
import type { Preview } from '../owner/operations';
import type { Effects, Input, Operation, OperationContext, Result, Shape } from './operation';
import { openObject } from './schemas';

/** What one side's writes share. */
export interface GatedSide {
  /** Whose writes: the card's tag, and to whom a preview is shown ('owner', 'pro'). */
  who: string;
  /** The card's words for the inputs every write of the side takes. */
  skillInput: string;
  /** What a preview's detail holds. */
  detail: string;
  /** The card's tags for the side's writes, before 'write' (absent: [who]). */
  tags?: string[];
}

/** One write's own words and effects. */
export interface GatedWrite {
  name: string;
  title: string;
  description: string;
  skillDescription: string;
  /** openWorldHint: true unless the write says otherwise (it reaches no one outside this service). */
  effects: Pick<Effects, 'destructiveHint' | 'idempotentHint'> & Partial<Pick<Effects, 'openWorldHint'>>;
}

/**
 * The operation of one write: `input` its arguments, `written` what a confirmed write answers
 * (each field optional: a preview has none), `run` the feature's gated operation.
 */
export function gatedWrite(
  side: GatedSide,
  write: GatedWrite,
  input: Shape,
  written: Record<string, z.ZodOptional>,
  run: (ctx: OperationContext, input: Input) => Promise<Preview | Result>,
): Operation {
  const gated = `Without confirm: true nothing is written and the answer is a preview (action, detail) to show the ${side.who}.`;
  return {
    name: write.name,
    title: write.title,
    description: `${write.description} ${gated}`,
    input,
    output: {
      confirmationRequired: z.boolean(),
      writesPerformed: z.boolean(),
      action: z.string().optional(),
      detail: openObject({}).optional().describe(side.detail),
      ...written,
    },
    effects: { readOnlyHint: false, openWorldHint: true, ...write.effects },
    skill: { description: `${write.skillDescription} ${side.skillInput} ${gated}`, tags: [...(side.tags ?? [side.who]), 'write'] },
    run: async (ctx, args) => gatedResult(await run(ctx, args)),
  };
}

/** The operation's answer, flattened: the preview's action and detail, or what was written. */
function gatedResult(result: Preview | Result): Result {
  if ('preview' in result) {
    const { action, detail } = (result as Preview).preview;
    return { confirmationRequired: true, writesPerformed: false, action, detail };
  }
  return { confirmationRequired: false, writesPerformed: true, ...result };
}
