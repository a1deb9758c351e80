// Where a webhook may go: public unicast addresses only, and the private ranges a deployment
// lists in WEBHOOK_ALLOWED_PRIVATE_CIDRS. One rule for the check when an endpoint is created
// (here) and for every delivery's connection (worker/webhook-sender.ts, where request-filtering-
// agent applies the same ipaddr.js ranges to each address the connection resolves). The resolver
// is injectable, so tests can make a public-looking name resolve to a private address.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors';

/** How an address may be reached: public, inside an allowed private range, or not at all. */
export type AddressClass = 'public' | 'allowed-private' | 'refused';

/**
 * The class of one address. Not public: loopback, private, link-local, carrier-grade NAT,
 * unique-local, multicast, reserved, unspecified, IPv4-mapped IPv6 (ipaddr.js' ranges other than
 * `unicast`), as request-filtering-agent judges them.
 */
export function addressClass(address: string, allowedPrivateCidrs: readonly string[]): AddressClass {
  if (!ipaddr.isValid(address)) return 'refused';
  const parsed = ipaddr.parse(address);
  const allowed = allowedPrivateCidrs.some((cidr) => {
    const range = ipaddr.parseCIDR(cidr);
    return range[0].kind() === parsed.kind() && parsed.match(range);
  });
  if (allowed) return 'allowed-private';
  return parsed.range() === 'unicast' ? 'public' : 'refused';
}

function resolveAll(host: string, lookup: LookupFunction): Promise<string[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve((addresses as unknown as LookupAddress[]).map((a) => a.address));
    });
  });
}

const refused = (details: string) => new ApiError(400, 'Webhook URL refused', `url: ${details}`);

/**
 * Resolves a webhook URL's host and checks every address it has (a name may have several, and
 * a delivery may use any). Throws the 400 for a name that does not resolve or an address that
 * is not allowed; `allowHttp` is true when every address is inside an allowed private range.
 */
export async function checkedWebhookTarget(
  url: string,
  allowedPrivateCidrs: readonly string[],
  lookup: LookupFunction = dnsLookup,
): Promise<{ allowHttp: boolean }> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolveAll(host, lookup);
  } catch {
    throw refused(`the host name ${host} does not resolve`);
  }
  const classes = addresses.map((a) => addressClass(a, allowedPrivateCidrs));
  if (addresses.length === 0 || classes.includes('refused')) {
    throw refused(`${host} resolves to a private, loopback or link-local address; webhooks go to public addresses only`);
  }
  return { allowHttp: classes.every((c) => c === 'allowed-private') };
}
