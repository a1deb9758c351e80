// Reading a page's form fields (application/x-www-form-urlencoded, all text) into the bodies the
// operations' schemas check: the schema says what is wrong, so these only reshape, never refuse.

/** A field's text, or undefined when it is absent (or repeated: the simple query parser's array). */
export const field = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * A form's number when it is written as one in decimal (1850 or 1850.50); anything else stays
 * text, which the body's schema refuses ("must be a number"). Number() would read "0x10" as 16
 * and "1e3" as 1000.
 */
const DECIMAL = /^\d{1,10}(\.\d{1,4})?$/;
export const decimal = (v: unknown) => {
  const text = field(v)?.trim();
  return text !== undefined && DECIMAL.test(text) ? Number(text) : text;
};

/** The fields that were filled in, in order. */
export const filled = (vs: unknown[]) => vs.map(field).filter((v): v is string => v !== undefined && v.trim() !== '');
