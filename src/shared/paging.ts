import { createHash } from 'node:crypto';
import { ValidationError } from './errors.ts';
import { looksLikeId, type IdPrefix } from './ids.ts';

/**
 * Tenant-scoped listings (GET /v1/files, GET /v1/jobs): each record has an index entry `t.<tenant key>.<id>` in
 * its collection, so a tenant's page is one ranged read of its own entries. Ids are time-sortable, so id order is
 * creation order and "newest first" is descending id order; the cursor is the last id of the page, opaque to clients.
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface PageRequest {
  limit?: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A short, id-safe digest of the tenant name (tenant names may hold characters record ids may not). */
export function tenantKey(tenant: string): string {
  return createHash('sha256').update(tenant).digest('hex').slice(0, 16);
}

/** Prefix of a tenant's index entries in a collection. */
export function tenantIndexPrefix(tenant: string): string {
  return `t.${tenantKey(tenant)}.`;
}

export function tenantIndexId(tenant: string, id: string): string {
  return tenantIndexPrefix(tenant) + id;
}

export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

/** The id a cursor stands for; 422 naming `cursor` when it is not one this service handed out. */
export function decodeCursor(cursor: string | undefined, prefix: IdPrefix): string | undefined {
  if (cursor === undefined) return undefined;
  const id = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!looksLikeId(id, prefix))
    throw ValidationError.at(['query', 'cursor'], 'Invalid cursor: pass the next_cursor of a previous page', 'value_error');
  return id;
}

export function pageSize(limit: number | undefined): number {
  return limit ?? DEFAULT_PAGE_SIZE;
}
