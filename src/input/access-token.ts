// The rule of every access token (owner, listing) wherever it arrives: 64 hexadecimal characters;
// 401 when missing or malformed. What goes on to SQL is its SHA-256 digest (hex), never the token.
import { sha256 } from '../credentials';
import { ApiError } from '../errors';

const TOKEN = /^[0-9a-fA-F]{64}$/;

/** `name` is the token's name in running text ("owner access token"). */
export function checkedTokenDigest(candidate: unknown, name: string, whereToSend: string): string {
  if (typeof candidate !== 'string') throw new ApiError(401, `${name[0]!.toUpperCase()}${name.slice(1)} required`, whereToSend);
  if (!TOKEN.test(candidate)) {
    throw new ApiError(401, `Invalid ${name}`, `${/^[aeiou]/.test(name) ? 'An' : 'A'} ${name} is 64 hexadecimal characters.`);
  }
  return sha256(candidate.toLowerCase()).toString('hex');
}
