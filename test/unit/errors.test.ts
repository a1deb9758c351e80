// The one mapping from failures to HTTP (db/ERRORS.md): every documented SQLSTATE.
import { toApiError } from '../../src/errors';

const pgError = (code: string, message = 'msg', detail?: string) => Object.assign(new Error(message), { code, severity: 'ERROR', detail });

test.each([
  ['INVAL', 400],
  ['CREDS', 401],
  ['FORBD', 403],
  ['NTFND', 404],
  ['CONFL', 409],
  ['EXPRD', 410],
  ['RATEL', 429],
])('our code %s is %d with its own message and detail', (code, status) => {
  expect(toApiError(pgError(code, 'Clear text', 'More'))).toMatchObject({ status, message: 'Clear text', details: 'More' });
});

test.each([
  ['23505', 409],
  ['23514', 400],
  ['23502', 400],
  ['22P02', 400],
  ['22021', 400],
  ['22P05', 400],
  ['22023', 400],
  ['22003', 400],
  ['42501', 403],
])("PostgreSQL's %s is %d with a generic text (its own names tables and constraints)", (code, status) => {
  const e = toApiError(pgError(code, 'duplicate key value violates unique constraint "users_email_key"', 'Key (email)=(x)'));
  expect(e?.status).toBe(status);
  expect(e?.message).not.toContain('users');
  expect(e?.details).toBeUndefined();
});

test('a 429 with seconds in its detail gets Retry-After', () => {
  expect(toApiError(pgError('RATEL', 'Too many tries', '30'))?.headers).toEqual({ 'Retry-After': '30' });
});

test.each(['40001', '40P01'])('a race the service ran again and still lost (%s) is a 503 with Retry-After, never a 500', (code) => {
  const e = toApiError(pgError(code, 'deadlock detected', 'Process 12 waits for ShareLock on transaction 34'));
  expect(e).toMatchObject({ status: 503, headers: { 'Retry-After': expect.any(String) } });
  expect(e?.details).not.toContain('Process');
});

test('anything else is not mapped (the handler answers 500)', () => {
  expect(toApiError(pgError('42883'))).toBeNull();
  expect(toApiError(new Error('boom'))).toBeNull();
});
