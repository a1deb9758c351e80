// The request flow's "trusted client IP" (spec, Authentication 8): only addresses inside
// TRUSTED_CLIENT_CIDRS may create or confirm service requests; others get a 403. The request
// flow's operations check it (operations.ts), whichever door calls them.
import { BlockList, isIP } from 'node:net';
import type { Config } from '../config';
import { ApiError } from '../errors';

// One check per configuration's list, built on first use.
const checks = new WeakMap<readonly string[], (ip: string) => void>();

/** Throws the 403 unless `ip` is inside the configuration's TRUSTED_CLIENT_CIDRS. */
export function requireTrustedClient(config: Pick<Config, 'trustedClients'>, ip: string): void {
  let check = checks.get(config.trustedClients);
  if (check === undefined) {
    check = trustedClientCheck(config.trustedClients);
    checks.set(config.trustedClients, check);
  }
  check(ip);
}

/** The check for one address against a list of ranges: throws the 403. */
function trustedClientCheck(cidrs: readonly string[]): (ip: string) => void {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/') as [string, string];
    list.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return (ip) => {
    const family = isIP(ip);
    // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const allowed = mapped ? list.check(mapped[1]!, 'ipv4') : family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
    if (!allowed) {
      throw new ApiError(
        403,
        'This client is not allowed to submit service requests',
        'The request flow accepts requests only from trusted client addresses.',
      );
    }
  };
}
