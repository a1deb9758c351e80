// Weak ETags from the body's length and CRC-32. Express' default hashes every body with SHA-1,
// about 30 us for a search page of both variants (56 kB); CRC-32 takes a few. A weak validator
// only claims the same representation for the same URL, where a 32-bit collision between two
// versions is as unlikely as it is harmless.
import { crc32 } from 'node:zlib';

export function weakEtag(body: Buffer | string, encoding?: BufferEncoding): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return `W/"${bytes.length.toString(16)}-${crc32(bytes).toString(16)}"`;
}
