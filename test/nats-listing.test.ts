/**
 * Listings on NATS while other clients write and delete concurrently. A listing must contain every key that
 * existed for its whole duration, and never one deleted before it started. What it caught: kv.keys() (an
 * ordered push consumer that stops at the first message reporting 0 pending, or at a heartbeat) ended early
 * while keys were created and purged meanwhile, so list() silently returned part of a bucket (a tenant's active
 * jobs undercounted, agents missing from a listing); ObjectStore.list() (a consumer that stops after as many
 * messages as were pending when it started) left out objects overwritten during the listing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsBlobStore, NatsMetadataStore, connectNats, type NatsConnection } from '../src/storage/mod.ts';
import { natsOrSkip, startNatsServer, type NatsServer } from './helpers/nats-server.ts';

/** Keys written before the churn starts and never touched: every listing must show all of them. */
const STABLE_KEYS = Number(process.env.LISTING_STABLE_KEYS ?? 300);
/** Created-then-deleted keys per writer; several writers run at once. */
const CHURN_PER_WRITER = Number(process.env.LISTING_CHURN ?? 150);
const WRITERS = 4;

interface ChurnLog {
  /** Keys whose delete had completed, in order: a listing started after index i completed must not show keys[..i]. */
  deleted: string[];
  done: boolean;
}

interface Writes {
  create(key: string): Promise<unknown>;
  overwrite(key: string): Promise<unknown>;
  remove(key: string): Promise<boolean>;
}

/**
 * `WRITERS` loops, each creating a key, creating another, then deleting the older one (create/delete interleaved),
 * and overwriting one of `rewritten` (keys that exist throughout, under a new revision) each round.
 */
async function churn(
  count: number,
  writes: Writes,
  keyOf: (writer: number, i: number) => string,
  rewritten: string[],
  log: ChurnLog,
): Promise<void> {
  const { create, overwrite, remove } = writes;
  const writer = async (w: number) => {
    let previous: string | undefined;
    for (let i = 0; i < count; i++) {
      const key = keyOf(w, i);
      await create(key);
      await overwrite(rewritten[(i * WRITERS + w) % rewritten.length]);
      if (previous) {
        if (!(await remove(previous))) throw new Error(`churn key ${previous} was not there to delete`);
        log.deleted.push(previous);
      }
      previous = key;
    }
    if (previous && (await remove(previous))) log.deleted.push(previous);
  };
  try {
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  } finally {
    log.done = true;
  }
}

/**
 * Lists until the churn ends (at least `min` times); returns what was wrong with each listing. `stable`: keys that
 * exist throughout (untouched or overwritten).
 */
async function listDuringChurn(
  list: () => Promise<string[]>,
  stable: string[],
  deletedUpFront: string[],
  log: ChurnLog,
  min = 3,
): Promise<{ listings: number; problems: string[] }> {
  const problems: string[] = [];
  let listings = 0;
  while (!log.done || listings < min) {
    const goneBefore = [...deletedUpFront, ...log.deleted];
    const listed = new Set(await list());
    listings++;
    const missing = stable.filter((key) => !listed.has(key));
    const resurrected = goneBefore.filter((key) => listed.has(key));
    if (missing.length > 0)
      problems.push(`listing ${listings}: ${missing.length} of ${stable.length} stable keys missing (e.g. ${missing[0]})`);
    if (resurrected.length > 0) problems.push(`listing ${listings}: ${resurrected.length} deleted keys listed (e.g. ${resurrected[0]})`);
  }
  return { listings, problems };
}

describe.skipIf(!natsOrSkip('NATS listings under concurrent writes'))('NATS listings under concurrent writes', () => {
  let server: NatsServer;
  let nc: NatsConnection;

  beforeAll(async () => {
    server = (await startNatsServer())!;
    nc = await connectNats(server.url, 'nats-listing-test');
  });

  afterAll(async () => {
    await nc?.close();
    await server?.stop();
  });

  it('KV list() shows every stable key and no deleted one while keys are created and purged', async () => {
    const store = new NatsMetadataStore(nc);
    const run = `r${randomBytes(4).toString('hex')}`;
    const stable = Array.from({ length: STABLE_KEYS }, (_, i) => `${run}.stable/${String(i).padStart(4, '0')}`);
    const rewritten = Array.from({ length: 20 }, (_, i) => `${run}.rewritten/${i}`);
    const deletedUpFront = Array.from({ length: 50 }, (_, i) => `${run}.gone/${i}`);
    for (let i = 0; i < stable.length; i += 50) await Promise.all(stable.slice(i, i + 50).map((key) => store.put('keys', key, { key })));
    await Promise.all(rewritten.map((key) => store.put('keys', key, { key })));
    await Promise.all(deletedUpFront.map((key) => store.put('keys', key, { key })));
    for (const key of deletedUpFront) expect(await store.delete('keys', key)).toBe(true);

    const log: ChurnLog = { deleted: [], done: false };
    const writing = churn(
      CHURN_PER_WRITER,
      {
        create: (key) => store.create('keys', key, { key }),
        overwrite: (key) => store.put('keys', key, { key }),
        remove: (key) => store.delete('keys', key),
      },
      (w, i) => `${run}.churn${w}/${i}`,
      rewritten,
      log,
    );
    const listing = listDuringChurn(
      async () => {
        const rows = await store.list<{ key: string }>('keys', `${run}.`);
        for (const row of rows) if (row.value.key !== row.id) throw new Error(`row ${row.id} holds ${row.value.key}`);
        return rows.map((row) => row.id);
      },
      [...stable, ...rewritten],
      deletedUpFront,
      log,
    );
    const [, result] = await Promise.all([writing, listing]);
    expect(log.deleted.length).toBe(WRITERS * CHURN_PER_WRITER);
    expect(result.problems).toEqual([]);
    expect(result.listings).toBeGreaterThanOrEqual(3);
    // Prefixes that are not whole subject tokens are still matched on characters.
    expect((await store.list('keys', `${run}.stable/00`)).map((row) => row.id)).toEqual(stable.slice(0, 100));
    // No subject matches the whole tokens; a prefix with an empty token matches no id (and is no valid subject).
    expect(await store.list('keys', `${run}x.`)).toEqual([]);
    expect(await store.list('keys', `.${run}`)).toEqual([]);
    expect(await store.list('keys', `${run}..`)).toEqual([]);
  }, 60_000);

  it('blob list() shows every stable object and no deleted one while objects are put and deleted', async () => {
    const blobs = new NatsBlobStore(nc, `listing_${randomBytes(4).toString('hex')}`);
    const run = `r${randomBytes(4).toString('hex')}`;
    const body = Buffer.from('x');
    const stable = Array.from({ length: Math.ceil(STABLE_KEYS / 3) }, (_, i) => `${run}/stable/${String(i).padStart(4, '0')}.bin`);
    const rewritten = Array.from({ length: 10 }, (_, i) => `${run}/rewritten/${i}.bin`);
    const deletedUpFront = Array.from({ length: 20 }, (_, i) => `${run}/gone/${i}.bin`);
    for (let i = 0; i < stable.length; i += 25) await Promise.all(stable.slice(i, i + 25).map((key) => blobs.put(key, body)));
    await Promise.all(rewritten.map((key) => blobs.put(key, body)));
    await Promise.all(deletedUpFront.map((key) => blobs.put(key, body)));
    for (const key of deletedUpFront) expect(await blobs.delete(key)).toBe(true);

    const log: ChurnLog = { deleted: [], done: false };
    const writing = churn(
      Math.ceil(CHURN_PER_WRITER / 3),
      { create: (key) => blobs.put(key, body), overwrite: (key) => blobs.put(key, body), remove: (key) => blobs.delete(key) },
      (w, i) => `${run}/churn${w}/${i}.bin`,
      rewritten,
      log,
    );
    const listing = listDuringChurn(() => blobs.list(`${run}/`), [...stable, ...rewritten], deletedUpFront, log);
    const [, result] = await Promise.all([writing, listing]);
    expect(result.problems).toEqual([]);
    expect(await blobs.list(`${run}/stable/000`)).toEqual(stable.slice(0, 10));
  }, 60_000);
});
