// A refusal a SQL function returns as its result instead of raising it (DbRefusal): what the
// Database throws for it, and how its result is recognised, apart from the sending.

/**
 * A refusal a SQL function returned instead of raising, because something it wrote must stay
 * (a failed-attempt count): {"refusal": {code, message, detail}}. It is thrown after the commit
 * and mapped like a raised error with the same code (db/ERRORS.md).
 */
export class DbRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

interface Refusal {
  refusal: { code: string; message: string; detail?: string };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refusal' in value;
}
