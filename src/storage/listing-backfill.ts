import type { Logger } from '../shared/logger.ts';
import { tenantIndexId } from '../shared/paging.ts';
import type { Collection, MetadataStore } from './ports.ts';

/** Set in a collection once every record stored before tenant listings existed has its listing entry. */
export const LISTING_BACKFILLED = 'listing.backfilled';

/** Which records of a collection are listed per tenant, and the listing entry each gets (shared/paging.ts). */
export interface ListedRecords<T> {
  collection: Collection;
  /** Id prefix of the records themselves (other entries of the collection are skipped). */
  recordPrefix: string;
  tenantOf(record: T): string;
  idOf(record: T): string;
  entryOf(record: T): unknown;
}

/**
 * Gives each record stored before tenant listings existed its listing entry, once per collection (a marker
 * records that it ran), so a deployment that upgrades lists its owners' older files and jobs too. A record
 * deleted while its entry was being written loses the entry again: a listing never shows what is gone.
 */
export async function backfillListing<T>(metadata: MetadataStore, listed: ListedRecords<T>, logger: Logger): Promise<number> {
  if (await metadata.get(listed.collection, LISTING_BACKFILLED)) return 0;
  let added = 0;
  for (const { id, value } of await metadata.list<T>(listed.collection, listed.recordPrefix)) {
    const entryId = tenantIndexId(listed.tenantOf(value), listed.idOf(value));
    if (await metadata.get(listed.collection, entryId)) continue;
    await metadata.put(listed.collection, entryId, listed.entryOf(value));
    if (!(await metadata.get(listed.collection, id))) await metadata.delete(listed.collection, entryId);
    else added++;
  }
  await metadata.put(listed.collection, LISTING_BACKFILLED, { at: new Date().toISOString() });
  if (added > 0) logger.info({ collection: listed.collection, added }, 'listing entries added for records stored before listings');
  return added;
}
