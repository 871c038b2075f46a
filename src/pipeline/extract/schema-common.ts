import type { FieldType } from './types.ts';

/**
 * What every schema form shares (issue 7): the error that names the offending member, the field types, and the key
 * rules. A key is identifier-like; a top-level field or table key may be a dotted path ("seller.address") of at most
 * MAX_DEPTH such segments, which the result nests (`{"seller": {"address": …}}`).
 */

export type Loc = (string | number)[];

export class SchemaError extends Error {
  readonly loc: Loc;
  readonly type: string;

  constructor(loc: Loc, message: string, type = 'value_error') {
    super(message);
    this.name = 'SchemaError';
    this.loc = loc;
    this.type = type;
  }
}

export const FIELD_TYPES: readonly FieldType[] = ['string', 'number', 'integer', 'boolean', 'date'];
export const MAX_FIELDS = 200;
/** Object levels a result may nest: `a.b.c`. */
export const MAX_DEPTH = 3;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEY_LENGTH = 64;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One identifier-like key segment (a property name, a table column). */
export function segmentAt(value: string, loc: Loc): string {
  if (!value) throw new SchemaError(loc, 'key must not be empty');
  if (value.length > KEY_LENGTH) throw new SchemaError(loc, `key must be at most ${KEY_LENGTH} characters`);
  if (value.includes('.'))
    throw new SchemaError(
      loc,
      `key ${JSON.stringify(value)} contains ".", which separates nested keys in result paths: it would collide with a nested key`,
    );
  if (value === '__proto__') throw new SchemaError(loc, 'key "__proto__" is reserved');
  if (!SEGMENT.test(value))
    throw new SchemaError(loc, `key ${JSON.stringify(value)} must be identifier-like (letters, digits and _, not starting with a digit)`);
  return value;
}

/** A field or table key: a segment, or (`dotted`) a path of up to MAX_DEPTH segments. */
export function keyAt(value: unknown, loc: Loc, dotted = false): string {
  if (typeof value !== 'string') throw new SchemaError(loc, 'key is required and must be a string', 'missing');
  const key = value.trim();
  if (!dotted || !key.includes('.')) return segmentAt(key, loc);
  const parts = key.split('.');
  if (parts.length > MAX_DEPTH)
    throw new SchemaError(loc, `key ${JSON.stringify(key)} nests ${parts.length} levels; at most ${MAX_DEPTH} are supported`);
  for (const part of parts) {
    if (!part || part.length > KEY_LENGTH || !SEGMENT.test(part) || part === '__proto__') {
      throw new SchemaError(
        loc,
        `key ${JSON.stringify(key)} must be identifier-like segments joined by "." (letters, digits and _, not starting with a digit)`,
      );
    }
  }
  return key;
}
