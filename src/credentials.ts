// Credentials are minted and hashed here, in the API: the database only ever sees and stores
// their SHA-256 digests (docs/decisions.md), so no key, token or code can reach
// PostgreSQL's log, a statement or a dump.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** A verification code's or token's digest is bound to its request: it cannot confirm another. */
export function verificationDigest(requestId: string, secret: string): Buffer {
  return sha256(`${requestId.toLowerCase()}:${secret}`);
}

/** 64 hexadecimal characters (owner access tokens, verification tokens). */
export function mintToken(): string {
  return randomBytes(32).toString('hex');
}

/** 8 digits, for the owner to type. */
export function mintVerificationCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * A new API key in both tiers' spellings: the database picks the tier (the user's admin flag,
 * read under the user's row lock) and stores that spelling's digest; `keyFor` gives the key.
 */
export interface MintedKey {
  /** The random part's first 8 characters: public, shown as part of the key's prefix. */
  head: string;
  publicDigest: Buffer;
  adminDigest: Buffer;
  keyFor(tier: 'public' | 'admin'): string;
}

export function mintApiKey(): MintedKey {
  const secret = randomBytes(20).toString('hex');
  const publicKey = `svc_public_${secret}`;
  const adminKey = `svc_live_${secret}`;
  return {
    head: secret.slice(0, 8),
    publicDigest: sha256(publicKey),
    adminDigest: sha256(adminKey),
    keyFor: (tier) => (tier === 'admin' ? adminKey : publicKey),
  };
}
