/**
 * Key and value rules shared by every storage adapter, so that a key accepted by one adapter is accepted by all
 * (the NATS subjects behind KV keys are the narrowest: no spaces, no ':', no empty dot tokens).
 */

/** Thrown for a record id or blob key that no adapter may store. A programming error, not a client error. */
export class InvalidStorageKeyError extends Error {
  constructor(
    readonly kind: 'record id' | 'blob key' | 'prefix',
    readonly key: string,
    reason: string,
  ) {
    super(`invalid ${kind} ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const MAX_KEY_LENGTH = 512;

/** One token of a record id: letters, digits, `_`, `-`, `=`; tokens are joined by `.` or `/`. */
const RECORD_ID = /^[A-Za-z0-9_=-]+(?:[./][A-Za-z0-9_=-]+)*$/;

/** Record ids such as `file_0123abcd`, `tenant/key.v1`. Returns the id for chaining. */
export function checkRecordId(id: string): string {
  if (typeof id !== 'string' || id.length === 0) throw new InvalidStorageKeyError('record id', String(id), 'empty');
  if (id.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError('record id', id, `longer than ${MAX_KEY_LENGTH}`);
  if (!RECORD_ID.test(id)) {
    throw new InvalidStorageKeyError('record id', id, 'use [A-Za-z0-9_=-] tokens joined by "." or "/"');
  }
  return id;
}

/** A list prefix for records: the characters of an id, possibly cut anywhere. */
export function checkRecordPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9_=./-]*$/.test(prefix) || prefix.length > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError('prefix', prefix, 'characters outside [A-Za-z0-9_=./-]');
  }
  return prefix;
}

/**
 * Blob keys: `/`-separated segments of [A-Za-z0-9_.-]. No absolute paths, no empty segments, and no segment
 * starting with `.` (rules out `.`/`..` traversal and keeps the file adapter's `.tmp`/`.meta` folders apart).
 */
export function checkBlobKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError('blob key', String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError('blob key', key, `longer than ${MAX_KEY_LENGTH}`);
  if (!/^[A-Za-z0-9_./-]+$/.test(key)) {
    throw new InvalidStorageKeyError('blob key', key, 'characters outside [A-Za-z0-9_./-]');
  }
  if (key.startsWith('/')) throw new InvalidStorageKeyError('blob key', key, 'absolute paths are not keys');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidStorageKeyError('blob key', key, 'empty path segment');
    if (segment.startsWith('.')) throw new InvalidStorageKeyError('blob key', key, 'segments may not start with "."');
  }
  return key;
}

/** A list prefix for blobs: blob-key characters, not absolute, no `..`. */
export function checkBlobPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9_./-]*$/.test(prefix) || prefix.startsWith('/') || prefix.split('/').includes('..')) {
    throw new InvalidStorageKeyError('prefix', prefix, 'not a blob key prefix');
  }
  return prefix;
}

/** Record values are stored as JSON; `undefined` (and functions) have no JSON form and are refused. */
export function toJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('metadata values must be JSON-serialisable (got undefined)');
  return json;
}
