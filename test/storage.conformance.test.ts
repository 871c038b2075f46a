/**
 * One contract, two adapter pairs: SQLite + data-dir files, and NATS KV + Object Store on a real nats-server.
 * Each test uses fresh ids/keys so the tests of one suite can share a store.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/shared/config.ts';
import { StoreConflictError } from '../src/shared/errors.ts';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  FsBlobStore,
  InvalidStorageKeyError,
  jetStreamManager,
  NatsBlobStore,
  NatsMetadataStore,
  SqliteMetadataStore,
  connectNats,
  createStores,
  type BlobStore,
  type MetadataStore,
  type NatsConnection,
} from '../src/storage/mod.ts';
import { natsOrSkip, startNatsServer, type NatsServer } from './helpers/nats-server.ts';

interface Harness {
  metadata: MetadataStore;
  blobs: BlobStore;
  /** Everything the blob store keeps (files, stream messages): a failed put must not change it. */
  storedUnits(): Promise<number>;
  /** NATS purges the chunks of a replaced object, so a reader still streaming the old one gets an error. */
  overwriteMayFailReaders: boolean;
  close(): Promise<void>;
}

const uid = () => randomBytes(6).toString('hex');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `count` random chunks of `chunkSize`, produced asynchronously like a network upload. */
function randomUpload(count: number, chunkSize: number): { stream: Readable; data: Buffer } {
  const chunks = Array.from({ length: count }, () => randomBytes(chunkSize));
  const stream = Readable.from(
    (async function* () {
      for (const chunk of chunks) {
        await new Promise((resolve) => setImmediate(resolve));
        yield chunk;
      }
    })(),
  );
  return { stream, data: Buffer.concat(chunks) };
}

/** Waits until the consumer has taken everything written to `stream` so far. */
async function drained(stream: PassThrough): Promise<void> {
  while (stream.readableLength > 0 || stream.writableLength > 0) await sleep(10);
  await sleep(50); // let the store act on what it read (write the temp file, publish chunks)
}

function conformance(name: string, open: () => Promise<Harness>) {
  describe(name, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.close();
    });

    describe('metadata', () => {
      it('creates, gets, updates, puts and deletes with rising revisions', async () => {
        const id = `file_${uid()}`;
        expect(await h.metadata.get('files', id)).toBeUndefined();
        const r1 = await h.metadata.create('files', id, { n: 1 });
        expect(await h.metadata.get('files', id)).toEqual({ value: { n: 1 }, revision: r1 });
        const r2 = await h.metadata.update('files', id, { n: 2 }, r1);
        expect(r2).toBeGreaterThan(r1);
        const r3 = await h.metadata.update('files', id, { n: 3 });
        expect(r3).toBeGreaterThan(r2);
        const r4 = await h.metadata.put('files', id, { n: 4 });
        expect(r4).toBeGreaterThan(r3);
        expect(await h.metadata.get('files', id)).toEqual({ value: { n: 4 }, revision: r4 });
        expect(await h.metadata.delete('files', id)).toBe(true);
        expect(await h.metadata.get('files', id)).toBeUndefined();
        expect(await h.metadata.delete('files', id)).toBe(false);
        // Created again, the record never reuses a revision a stale writer may still hold.
        const r5 = await h.metadata.create('files', id, { n: 5 });
        expect(r5).toBeGreaterThan(r4);
        await expect(h.metadata.update('files', id, { n: 6 }, r4)).rejects.toBeInstanceOf(StoreConflictError);
      });

      it('put creates a missing record', async () => {
        const id = `job_${uid()}`;
        const revision = await h.metadata.put('jobs', id, { status: 'pending' });
        expect(await h.metadata.get('jobs', id)).toEqual({ value: { status: 'pending' }, revision });
      });

      it('refuses to create an existing record', async () => {
        const id = `file_${uid()}`;
        await h.metadata.create('files', id, { first: true });
        await expect(h.metadata.create('files', id, { first: false })).rejects.toBeInstanceOf(StoreConflictError);
        expect((await h.metadata.get('files', id))?.value).toEqual({ first: true });
      });

      it('refuses updates of a missing record, with or without a revision', async () => {
        const id = `file_${uid()}`;
        await expect(h.metadata.update('files', id, { x: 1 })).rejects.toBeInstanceOf(StoreConflictError);
        await expect(h.metadata.update('files', id, { x: 1 }, 1)).rejects.toBeInstanceOf(StoreConflictError);
        await expect(h.metadata.update('files', id, { x: 1 }, 0)).rejects.toBeInstanceOf(StoreConflictError);
        expect(await h.metadata.get('files', id)).toBeUndefined();
      });

      it('refuses a compare-and-set against a stale revision and keeps the newer value', async () => {
        const id = `job_${uid()}`;
        const r1 = await h.metadata.create('jobs', id, { v: 'a' });
        const r2 = await h.metadata.update('jobs', id, { v: 'b' }, r1);
        const err = await h.metadata.update('jobs', id, { v: 'stale' }, r1).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreConflictError);
        expect(await h.metadata.get('jobs', id)).toEqual({ value: { v: 'b' }, revision: r2 });
      });

      it('lets exactly one of two concurrent compare-and-set writers win', async () => {
        const id = `job_${uid()}`;
        const r1 = await h.metadata.create('jobs', id, { owner: null });
        const results = await Promise.allSettled([
          h.metadata.update('jobs', id, { owner: 'w1' }, r1),
          h.metadata.update('jobs', id, { owner: 'w2' }, r1),
        ]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(StoreConflictError);
        const winner = results[0].status === 'fulfilled' ? 'w1' : 'w2';
        expect(await h.metadata.get('jobs', id)).toEqual({
          value: { owner: winner },
          revision: (won[0] as PromiseFulfilledResult<number>).value,
        });
      });

      it('lets exactly one of two concurrent creates win', async () => {
        const id = `agent_${uid()}`;
        const results = await Promise.allSettled([h.metadata.create('agents', id, { by: 1 }), h.metadata.create('agents', id, { by: 2 })]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      });

      it('counts every increment of many racing compare-and-set loops', async () => {
        const id = `usage_${uid()}`;
        await h.metadata.create('usage', id, { n: 0 });
        const increment = async () => {
          for (;;) {
            const current = (await h.metadata.get<{ n: number }>('usage', id))!;
            try {
              return await h.metadata.update('usage', id, { n: current.value.n + 1 }, current.revision);
            } catch (err) {
              if (!(err instanceof StoreConflictError)) throw err;
            }
          }
        };
        await Promise.all(Array.from({ length: 20 }, increment));
        expect((await h.metadata.get('usage', id))?.value).toEqual({ n: 20 });
      });

      it('round-trips JSON values exactly', async () => {
        const value = {
          text: 'quote " backslash \\ newline \n tab \t unicode ✓ 𝄞 中文 \u0000 end',
          float: 1.5,
          negative: -42,
          maxSafe: Number.MAX_SAFE_INTEGER,
          tiny: 1e-300,
          yes: true,
          no: false,
          nothing: null,
          list: [1, 'two', { three: [3, null] }],
          emptyObject: {},
          emptyList: [],
          emptyText: '',
        };
        const id = `doc_${uid()}`;
        await h.metadata.create('documents', id, value);
        const stored = await h.metadata.get<typeof value>('documents', id);
        expect(stored?.value).toEqual(value);
        expect(JSON.stringify(stored?.value)).toBe(JSON.stringify(value));
        for (const scalar of ['plain string', 12.25, [1, [2]], null, false]) {
          const sid = `doc_${uid()}`;
          await h.metadata.put('documents', sid, scalar);
          expect((await h.metadata.get('documents', sid))?.value).toEqual(scalar);
        }
      });

      it('lists by prefix in id order', async () => {
        const p = `k${uid()}`;
        const ids = [`${p}_b`, `${p}_B`, `${p}_a`, `${p}_a.1`, `${p}_a/2`, `${p}_0`, `${p}_-`, `${p}_a=`];
        for (const id of ids) await h.metadata.put('keys', id, { id });
        await h.metadata.put('keys', `${p}x`, { id: 'outside' });
        await h.metadata.put('keys', `${p}_gone`, { id: 'deleted' });
        await h.metadata.delete('keys', `${p}_gone`);
        const listed = await h.metadata.list<{ id: string }>('keys', `${p}_`);
        const expected = [...ids].sort();
        expect(listed.map((r) => r.id)).toEqual(expected);
        expect(listed.map((r) => r.value.id)).toEqual(expected);
        expect(await h.metadata.list('keys', `${p}_zzz`)).toEqual([]);
        expect((await h.metadata.list('keys', p)).map((r) => r.id)).toEqual([...expected, `${p}x`]);
      });

      it('lists pages by prefix, ascending or descending, after a cursor id, skipping deleted records', async () => {
        const p = `t.${uid()}.`;
        const ids = Array.from({ length: 7 }, (_, i) => `${p}job_${String(i).padStart(2, '0')}`);
        for (const id of [...ids].reverse()) await h.metadata.put('jobs', id, { id });
        await h.metadata.put('jobs', `${p}job_03x`, { id: 'deleted' });
        await h.metadata.delete('jobs', `${p}job_03x`);
        await h.metadata.put('jobs', `${p.slice(0, -1)}x.job_99`, { id: 'outside' });
        const page = (options: { after?: string; limit: number; descending?: boolean }) =>
          h.metadata.listPage<{ id: string }>('jobs', { prefix: p, ...options }).then((rows) => rows.map((r) => r.id));
        expect(await page({ limit: 3 })).toEqual(ids.slice(0, 3));
        expect(await page({ limit: 3, after: ids[2] })).toEqual(ids.slice(3, 6));
        expect(await page({ limit: 3, after: ids[5] })).toEqual(ids.slice(6));
        expect(await page({ limit: 3, after: ids[6] })).toEqual([]);
        const newest = [...ids].reverse();
        expect(await page({ limit: 4, descending: true })).toEqual(newest.slice(0, 4));
        expect(await page({ limit: 4, descending: true, after: newest[3] })).toEqual(newest.slice(4));
        expect(await page({ limit: 2, descending: true, after: ids[0] })).toEqual([]);
        // A cursor that is no longer stored (deleted meanwhile) still marks the place.
        expect(await page({ limit: 2, descending: true, after: `${p}job_03x` })).toEqual([ids[3], ids[2]]);
        expect(await page({ limit: 10, after: `${p}job_03x` })).toEqual(ids.slice(4));
        expect(await page({ limit: 0 })).toEqual([]);
        const values = await h.metadata.listPage<{ id: string }>('jobs', { prefix: p, limit: 1, descending: true });
        expect(values).toEqual([{ id: ids[6], value: { id: ids[6] } }]);
        expect((await h.metadata.listPage('jobs', { limit: 1000 })).map((r) => r.id)).toEqual(expect.arrayContaining(ids));
      });

      it('lists a whole collection without a prefix, and keeps collections apart', async () => {
        const ids = ['session_id_c', 'session_id_a', 'session_id_b'];
        for (const id of ids) await h.metadata.create('sessions', id, { id });
        await h.metadata.create('agents', 'session_id_z', { other: true });
        const listed = await h.metadata.list<{ id: string }>('sessions');
        expect(listed).toEqual([...ids].sort().map((id) => ({ id, value: { id } })));
        expect(await h.metadata.get('sessions', 'session_id_z')).toBeUndefined();
      });

      it('rejects ids no adapter can store', async () => {
        const bad = ['', 'a b', '../x', '/a', 'a/', 'a:b', '.a', 'a.', 'a..b', 'a//b', 'ä', 'a\nb', 'a*', 'a>'];
        for (const id of bad) {
          await expect(h.metadata.get('files', id), id).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.metadata.create('files', id, {}), id).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.metadata.put('files', id, {}), id).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.metadata.update('files', id, {}), id).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.metadata.delete('files', id), id).rejects.toBeInstanceOf(InvalidStorageKeyError);
        }
        await expect(h.metadata.list('files', 'a b')).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(h.metadata.put('files', `file_${uid()}`, undefined)).rejects.toBeInstanceOf(TypeError);
      });

      it('answers ping', async () => {
        await expect(h.metadata.ping()).resolves.toBeUndefined();
      });
    });

    describe('blobs', () => {
      it('stores a Buffer with its size, sha256 and content type', async () => {
        const key = `files/file_${uid()}/original`;
        const data = randomBytes(300_000);
        const info = await h.blobs.put(key, data, { contentType: 'application/pdf' });
        const expected = { key, size: data.length, sha256: sha256(data), contentType: 'application/pdf' };
        expect(info).toEqual(expected);
        expect(await h.blobs.stat(key)).toEqual(expected);
        expect((await h.blobs.getBuffer(key)).equals(data)).toBe(true);
        expect((await readAll(await h.blobs.getStream(key))).equals(data)).toBe(true);
      });

      it('stores a multi-MB stream', async () => {
        const key = `renders/file_${uid()}/p0-144.png`;
        const { stream, data } = randomUpload(80, 64 * 1024 + 7); // ~5 MiB in odd-sized chunks
        const info = await h.blobs.put(key, stream);
        expect(info).toEqual({ key, size: data.length, sha256: sha256(data), contentType: null });
        expect(await h.blobs.stat(key)).toEqual(info);
        expect(sha256(await readAll(await h.blobs.getStream(key)))).toBe(sha256(data));
        expect((await h.blobs.getBuffer(key)).equals(data)).toBe(true);
      });

      it('stores an empty blob', async () => {
        const key = `files/file_${uid()}/empty`;
        const info = await h.blobs.put(key, Buffer.alloc(0));
        expect(info).toEqual({ key, size: 0, sha256: sha256(Buffer.alloc(0)), contentType: null });
        expect(await h.blobs.stat(key)).toEqual(info);
        expect((await h.blobs.getBuffer(key)).length).toBe(0);
        expect((await readAll(await h.blobs.getStream(key))).length).toBe(0);
      });

      it('replaces a blob on a second put', async () => {
        const key = `jobs/job_${uid()}/result.json`;
        await h.blobs.put(key, Buffer.from('{"v":1}'), { contentType: 'application/json' });
        const second = Buffer.from('{"v":2,"longer":true}');
        await h.blobs.put(key, second);
        expect(await h.blobs.stat(key)).toEqual({ key, size: second.length, sha256: sha256(second), contentType: null });
        expect((await h.blobs.getBuffer(key)).toString()).toBe(second.toString());
        expect(await h.blobs.list(key)).toEqual([key]);
      });

      it('aborts a stream over maxBytes and leaves nothing behind', async () => {
        const prefix = `files/file_${uid()}/`;
        const key = `${prefix}original`;
        const before = await h.storedUnits();
        const { stream } = randomUpload(48, 64 * 1024); // 3 MiB
        const err = await h.blobs.put(key, stream, { maxBytes: 1024 * 1024 }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(BlobTooLargeError);
        expect((err as BlobTooLargeError).limit).toBe(1024 * 1024);
        expect(stream.destroyed).toBe(true);
        expect(await h.blobs.stat(key)).toBeUndefined();
        expect(await h.blobs.list(prefix)).toEqual([]);
        await expect(h.blobs.getBuffer(key)).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await h.storedUnits()).toBe(before);
      });

      it('aborts a Buffer over maxBytes, and accepts one exactly at the limit', async () => {
        const key = `files/file_${uid()}/original`;
        const before = await h.storedUnits();
        await expect(h.blobs.put(key, randomBytes(2049), { maxBytes: 2048 })).rejects.toBeInstanceOf(BlobTooLargeError);
        expect(await h.blobs.stat(key)).toBeUndefined();
        expect(await h.storedUnits()).toBe(before);
        const exact = randomBytes(2048);
        expect((await h.blobs.put(key, exact, { maxBytes: 2048 })).size).toBe(2048);
      });

      it('keeps the previous version when a replacing put is aborted', async () => {
        const key = `files/file_${uid()}/original`;
        const original = randomBytes(1000);
        await h.blobs.put(key, original);
        await expect(h.blobs.put(key, randomBytes(5000), { maxBytes: 4000 })).rejects.toBeInstanceOf(BlobTooLargeError);
        expect((await h.blobs.getBuffer(key)).equals(original)).toBe(true);
        expect((await h.blobs.stat(key))?.sha256).toBe(sha256(original));
      });

      it('never shows a half-written blob', async () => {
        const key = `files/file_${uid()}/original`;
        const old = randomBytes(100_000);
        const fresh = `files/file_${uid()}/original`;
        await h.blobs.put(key, old);
        const upload = new PassThrough();
        const uploadFresh = new PassThrough();
        const part1 = randomBytes(1024 * 1024);
        const putting = h.blobs.put(key, upload);
        const puttingFresh = h.blobs.put(fresh, uploadFresh);
        upload.write(part1);
        uploadFresh.write(part1);
        await Promise.all([drained(upload), drained(uploadFresh)]);
        // Mid-put: the replaced key still shows the old blob whole, the new key nothing at all.
        expect(await h.blobs.stat(key)).toEqual({ key, size: old.length, sha256: sha256(old), contentType: null });
        expect((await h.blobs.getBuffer(key)).equals(old)).toBe(true);
        expect(await h.blobs.stat(fresh)).toBeUndefined();
        await expect(h.blobs.getStream(fresh)).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await h.blobs.list(fresh)).toEqual([]);
        const part2 = randomBytes(500_000);
        upload.end(part2);
        uploadFresh.end(part2);
        await Promise.all([putting, puttingFresh]);
        const whole = Buffer.concat([part1, part2]);
        expect((await h.blobs.getBuffer(key)).equals(whole)).toBe(true);
        expect((await h.blobs.getBuffer(fresh)).equals(whole)).toBe(true);
      });

      it('lets a reader that started before an overwrite finish the old blob', async () => {
        const key = `files/file_${uid()}/original`;
        const old = randomBytes(256 * 1024);
        await h.blobs.put(key, old);
        const reading = await h.blobs.getStream(key);
        const firstChunk = await new Promise<Buffer>((resolve) => reading.once('data', resolve));
        reading.pause();
        await h.blobs.put(key, randomBytes(256 * 1024));
        const rest = await readAll(reading).catch((err: unknown) => err as Error);
        if (rest instanceof Error && h.overwriteMayFailReaders) return; // failing loudly is allowed there
        // Never a mix of the two versions handed out as if it were whole.
        expect(rest).toBeInstanceOf(Buffer);
        expect(Buffer.concat([firstChunk, rest as Buffer]).equals(old)).toBe(true);
      }, 30_000);

      it('reports missing blobs', async () => {
        const key = `files/file_${uid()}/missing`;
        expect(await h.blobs.stat(key)).toBeUndefined();
        await expect(h.blobs.getStream(key)).rejects.toBeInstanceOf(BlobNotFoundError);
        await expect(h.blobs.getBuffer(key)).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await h.blobs.delete(key)).toBe(false);
      });

      it('deletes', async () => {
        const key = `files/file_${uid()}/original`;
        await h.blobs.put(key, Buffer.from('bye'));
        expect(await h.blobs.delete(key)).toBe(true);
        expect(await h.blobs.stat(key)).toBeUndefined();
        await expect(h.blobs.getBuffer(key)).rejects.toBeInstanceOf(BlobNotFoundError);
        await expect(h.blobs.getStream(key)).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await h.blobs.list(key)).toEqual([]);
        expect(await h.blobs.delete(key)).toBe(false);
        // and the key can be used again
        await h.blobs.put(key, Buffer.from('again'));
        expect((await h.blobs.getBuffer(key)).toString()).toBe('again');
      });

      it('lists keys with slashes by prefix, sorted', async () => {
        const root = `renders/file_${uid()}`;
        const keys = [`${root}/p1-144.png`, `${root}/p0-144.png`, `${root}/sub/deep/x.bin`, `${root}/p10-72.png`];
        for (const key of keys) await h.blobs.put(key, Buffer.from(key));
        await h.blobs.put(`${root}x/other.png`, Buffer.from('sibling'));
        await h.blobs.put(`${root}/gone.png`, Buffer.from('gone'));
        await h.blobs.delete(`${root}/gone.png`);
        expect(await h.blobs.list(`${root}/`)).toEqual([...keys].sort());
        expect(await h.blobs.list(`${root}/p1`)).toEqual([`${root}/p1-144.png`, `${root}/p10-72.png`]);
        expect(await h.blobs.list(`${root}/sub/`)).toEqual([`${root}/sub/deep/x.bin`]);
        expect(await h.blobs.list(root)).toEqual([...keys, `${root}x/other.png`].sort());
        expect(await h.blobs.list(`${root}/nothing`)).toEqual([]);
        expect(await h.blobs.list(`none_${uid()}/`)).toEqual([]);
        for (const key of keys) expect((await h.blobs.getBuffer(key)).toString()).toBe(key);
      });

      it('rejects keys that are not safe relative paths', async () => {
        const bad = ['', '../x', '/etc/passwd', 'a/../b', 'a//b', 'a/./b', '.tmp/x', 'a/', 'a b', 'a\\b', 'a:b', 'ä', 'x\0'];
        for (const key of bad) {
          await expect(h.blobs.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.blobs.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.blobs.getStream(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.blobs.getBuffer(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
          await expect(h.blobs.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        }
        await expect(h.blobs.list('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      });

      it('answers ping', async () => {
        await expect(h.blobs.ping()).resolves.toBeUndefined();
      });
    });
  });
}

// ---------------------------------------------------------------- embedded: SQLite + files

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'docintel-storage-'));
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}

conformance('embedded stores (SQLite + files)', async () => {
  const dir = tempDir();
  const config = loadConfig({ DOCINTEL_DATA_DIR: path.join(dir, 'data') });
  const stores = await createStores(config);
  expect(stores.metadata).toBeInstanceOf(SqliteMetadataStore);
  expect(stores.blobs).toBeInstanceOf(FsBlobStore);
  expect(fs.existsSync(path.join(dir, 'data', 'docintel.db'))).toBe(true);
  return {
    ...stores,
    storedUnits: async () => countFiles(path.join(dir, 'data', 'blobs')),
    overwriteMayFailReaders: false,
    async close() {
      await stores.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite metadata shared by several stores and processes', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two stores on one file see each other and respect each other’s revisions', async () => {
    const file = path.join(dir, 'shared.db');
    const a = new SqliteMetadataStore(file);
    const b = new SqliteMetadataStore(file);
    const r1 = await a.create('files', 'file_shared', { by: 'a' });
    expect(await b.get('files', 'file_shared')).toEqual({ value: { by: 'a' }, revision: r1 });
    const r2 = await b.update('files', 'file_shared', { by: 'b' }, r1);
    await expect(a.update('files', 'file_shared', { by: 'a again' }, r1)).rejects.toBeInstanceOf(StoreConflictError);
    await expect(a.create('files', 'file_shared', {})).rejects.toBeInstanceOf(StoreConflictError);
    expect(await a.get('files', 'file_shared')).toEqual({ value: { by: 'b' }, revision: r2 });
    expect(await b.delete('files', 'file_shared')).toBe(true);
    expect(await a.get('files', 'file_shared')).toBeUndefined();
    await a.close();
    await b.close();
  });

  it('loses no increment when another process races on the same record', async () => {
    const file = path.join(dir, 'processes.db');
    const store = new SqliteMetadataStore(file);
    await store.create('usage', 'counter', { n: 0 });
    const perProcess = 200;
    const moduleUrl = new URL('../src/storage/sqlite-metadata.ts', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `
        const { SqliteMetadataStore } = await import(${JSON.stringify(moduleUrl)});
        const store = new SqliteMetadataStore(${JSON.stringify(file)});
        ${incrementLoop.toString()}
        await store.put('usage', 'child_ready', {});
        while (!(await store.get('usage', 'go'))) await new Promise((resolve) => setTimeout(resolve, 5));
        await incrementLoop(store, ${perProcess});
        await store.put('usage', 'child_done', { ok: true });
        await store.close();`,
      ],
      { cwd: path.dirname(fileURLToPath(import.meta.url)), stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const childExit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Start both loops together, or the first could finish before the other process has loaded.
    while (!(await store.get('usage', 'child_ready'))) {
      if (child.exitCode !== null) throw new Error(`child exited early (${child.exitCode})`);
      await sleep(5);
    }
    await store.put('usage', 'go', {});
    await incrementLoop(store, perProcess);
    expect(await childExit).toBe(0);
    expect((await store.get('usage', 'counter'))?.value).toEqual({ n: 2 * perProcess });
    expect((await store.get('usage', 'child_done'))?.value).toEqual({ ok: true });
    await store.close();
  }, 60_000);
});

/** Also runs in the child process (serialised with toString), so it is plain JavaScript. */
async function incrementLoop(store: MetadataStore, times: number) {
  for (let i = 0; i < times; i++) {
    for (;;) {
      const current = (await store.get('usage', 'counter')) as { value: { n: number }; revision: number };
      // "work" between read and write: gives the other process a chance to write first
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await store.update('usage', 'counter', { n: current.value.n + 1 }, current.revision);
        break;
      } catch (err) {
        if ((err as Error).name !== 'StoreConflictError') throw err;
      }
    }
  }
}

// ---------------------------------------------------------------- scale-out: NATS KV + Object Store

const haveNats = natsOrSkip('storage conformance on NATS');

describe.skipIf(!haveNats)('NATS stores', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  beforeAll(async () => {
    server = (await startNatsServer())!;
    nc = await connectNats(server.url, 'storage-conformance');
  });
  afterAll(async () => {
    await nc?.close();
    await server?.stop();
  });

  conformance('NATS stores (KV + Object Store)', async () => {
    const config = loadConfig({ DOCINTEL_DATA_DIR: tempDir(), DOCINTEL_NATS_URL: server.url });
    const stores = await createStores(config, { nats: nc });
    expect(stores.metadata).toBeInstanceOf(NatsMetadataStore);
    expect(stores.blobs).toBeInstanceOf(NatsBlobStore);
    await stores.blobs.ping(); // creates the bucket, so storedUnits can read its stream
    const jsm = await jetStreamManager(nc);
    return {
      ...stores,
      storedUnits: async () => (await jsm.streams.info('OBJ_docintel_blobs')).state.messages,
      overwriteMayFailReaders: true,
      close: async () => {
        await stores.close();
        expect(nc.isClosed()).toBe(false); // a shared connection stays open
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
  });

  it('opens and closes its own connection when given none', async () => {
    const config = loadConfig({ DOCINTEL_DATA_DIR: tempDir(), DOCINTEL_NATS_URL: server.url });
    const stores = await createStores(config);
    const id = `file_${uid()}`;
    await stores.metadata.put('files', id, { own: true });
    expect((await stores.metadata.get('files', id))?.value).toEqual({ own: true });
    await stores.close();
    await expect(stores.metadata.get('files', id)).rejects.toThrow(/NATS unavailable/);
    expect((await new NatsMetadataStore(nc).get('files', id))?.value).toEqual({ own: true });
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('keeps records and blobs across a server restart, and calls during the reconnect wait for it', async () => {
    const metadata = new NatsMetadataStore(nc);
    const blobs = new NatsBlobStore(nc);
    const id = `file_${uid()}`;
    const revision = await metadata.create('files', id, { durable: true });
    const data = randomBytes(200_000);
    await blobs.put(`files/${id}/original`, data, { contentType: 'image/png' });
    await server.restart();
    // No retry loop here: calls made while the client reconnects wait for it instead of failing.
    expect(await metadata.get('files', id)).toEqual({ value: { durable: true }, revision });
    expect((await blobs.getBuffer(`files/${id}/original`)).equals(data)).toBe(true);
    expect((await blobs.stat(`files/${id}/original`))?.contentType).toBe('image/png');
  }, 60_000);
});
