// Where a webhook endpoint may point, checked when it is created: every address its host
// resolves to must be public, or inside WEBHOOK_ALLOWED_PRIVATE_CIDRS (then http is allowed too).
import type { LookupFunction } from 'node:net';
import { addressClass, checkedWebhookTarget } from '../../src/webhooks/addresses';
import { ApiError } from '../../src/errors';

/** A resolver answering these addresses for every name. */
const resolvingTo = (...addresses: string[]): LookupFunction =>
  ((_host: string, _options: unknown, cb: (...a: unknown[]) => void) =>
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )) as LookupFunction;
const failing: LookupFunction = ((_h: string, _o: unknown, cb: (...a: unknown[]) => void) =>
  cb(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }))) as LookupFunction;

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    return (err as ApiError).details ?? '';
  }
  throw new Error('expected a refusal');
}

test('addresses: public unicast only, unless a listed range allows a private one', () => {
  for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect([a, addressClass(a, [])]).toEqual([a, 'public']);
  for (const a of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
    'nonsense',
  ]) {
    expect([a, addressClass(a, [])]).toEqual([a, 'refused']);
  }
  expect(addressClass('127.0.0.1', ['127.0.0.0/8'])).toBe('allowed-private');
  expect(addressClass('10.0.0.1', ['127.0.0.0/8', '::1/128'])).toBe('refused');
  expect(addressClass('::1', ['127.0.0.0/8', '::1/128'])).toBe('allowed-private');
});

test('a public name resolving to a private address is refused; so is one address of several', async () => {
  expect(await refusal(checkedWebhookTarget('https://hooks.example.com/x', [], resolvingTo('10.0.0.5')))).toMatch(
    /^url: hooks.example.com resolves to a private/,
  );
  expect(await refusal(checkedWebhookTarget('https://hooks.example.com/x', [], resolvingTo('93.184.215.14', '127.0.0.1')))).toMatch(
    /private/,
  );
  expect(await refusal(checkedWebhookTarget('https://hooks.example.com/x', [], resolvingTo()))).toMatch(/private/);
  expect(await refusal(checkedWebhookTarget('https://gone.example.com/x', [], failing))).toBe(
    'url: the host name gone.example.com does not resolve',
  );
  expect(await refusal(checkedWebhookTarget('https://localhost/x', []))).toMatch(/private/);
  expect(await refusal(checkedWebhookTarget('https://[::1]:8443/x', []))).toMatch(/private/);
});

test('public addresses pass (https only); allowed private ranges pass with http allowed', async () => {
  expect(await checkedWebhookTarget('https://hooks.example.com/x', [], resolvingTo('93.184.215.14'))).toEqual({ allowHttp: false });
  expect(await checkedWebhookTarget('https://93.184.215.14/x', [])).toEqual({ allowHttp: false });
  expect(await checkedWebhookTarget('http://hooks.internal/x', ['10.0.0.0/8'], resolvingTo('10.0.0.5'))).toEqual({ allowHttp: true });
  // A name with a public and an allowed private address: allowed, but not over http.
  expect(await checkedWebhookTarget('https://mixed.example.com/x', ['10.0.0.0/8'], resolvingTo('10.0.0.5', '93.184.215.14'))).toEqual({
    allowHttp: false,
  });
});
