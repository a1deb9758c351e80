// The largest request body any route reads (bytes): every body is a small JSON document.
export const BODY_LIMIT_BYTES = 100 * 1024;
