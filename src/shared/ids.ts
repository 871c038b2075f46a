import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/** Time-sortable prefix (10 chars of ms timestamp) + 16 chars (80 bits) of randomness. */
export function newId(prefix: string): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomBytes(16);
  let tail = '';
  for (const b of bytes) tail += ALPHABET[b & 31];
  return `${prefix}_${head}${tail}`;
}

export type IdPrefix = 'file' | 'job' | 'doc' | 'agent' | 'session_id' | 'req';

const ID_PATTERN = /^[a-z_]+_[0-9a-z]{20,}$/;

export function looksLikeId(value: string, prefix: IdPrefix): boolean {
  return value.startsWith(`${prefix}_`) && ID_PATTERN.test(value);
}

export function nowSeconds(): number {
  return Math.round(Date.now()) / 1000;
}
