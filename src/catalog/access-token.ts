// An access token as an input of the agent doors (the owner's, owner.ts; the pro's, pro.ts): inputs
// are the body-equivalent, never a URL. The schema only bounds it; the token's rules (64 hex, the
// 401s) are the feature's, applied to the input's value.
import { z } from 'zod';

/** The token's input schema, and its digest by the feature's rules (`whereToSend`: the 401's hint when it is missing). */
export function tokenInput(
  description: string,
  checkedDigest: (candidate: string | undefined, whereToSend: string) => string,
  whereToSend: string,
): { schema: z.ZodString; digestOf: (value: unknown) => string } {
  return {
    schema: z.string().max(200).describe(description),
    digestOf: (value) => checkedDigest(typeof value === 'string' ? value : undefined, whereToSend),
  };
}
