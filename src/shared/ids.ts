import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = -1;
let lastTail: number[] = [];

/**
 * Time-sortable prefix (10 chars of ms timestamp) + 16 chars (80 bits) of randomness. Monotonic within a process
 * (as ULIDs): an id made in the same millisecond as the previous one (or after the clock stepped back) keeps its
 * time and increments its random part, so listings in id order are creation order.
 */
export function newId(prefix: string): string {
  const now = Date.now();
  let tail: number[];
  if (now > lastTime) {
    lastTime = now;
    tail = [...randomBytes(16)].map((b) => b & 31);
  } else {
    tail = increment(lastTail);
  }
  lastTail = tail;
  let time = lastTime;
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  return `${prefix}_${head}${tail.map((d) => ALPHABET[d]).join('')}`;
}

/** The base-32 digits plus one (80 random bits: running over is not a practical concern; it wraps to zeros). */
function increment(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] < 31) {
      next[i]++;
      return next;
    }
    next[i] = 0;
  }
  return next;
}

export type IdPrefix = 'file' | 'job' | 'doc' | 'agent' | 'session_id' | 'req';

const ID_PATTERN = /^[a-z_]+_[0-9a-z]{20,}$/;

export function looksLikeId(value: string, prefix: IdPrefix): boolean {
  return value.startsWith(`${prefix}_`) && ID_PATTERN.test(value);
}

export function nowSeconds(): number {
  return Math.round(Date.now()) / 1000;
}
