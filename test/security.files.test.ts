/**
 * What the service leaves on disk: the data directory and everything in it (database, blobs, LanceDB, keys)
 * readable by the service's user only, also under the usual umask 022; and the generated API key's plaintext
 * file removed once that key has authenticated a request.
 */
import { readdir, rm, stat, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/api/app.ts';
import { ensureKeys, INITIAL_KEY_FILE } from '../src/api/keys.ts';
import { openChunkIndex } from '../src/index/mod.ts';
import { appContext } from '../src/runtime.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { parse, tinyPng, uploadOne, waitForFinalJob, type JobRefBody } from './helpers/api.ts';

let previousUmask: number;
let root: string;

beforeAll(async () => {
  previousUmask = process.umask(0o022);
  root = await mkdtemp(path.join(os.tmpdir(), 'docintel-modes-'));
});

afterAll(async () => {
  process.umask(previousUmask);
  await rm(root, { recursive: true, force: true });
});

/**
 * Every path under `dir` (itself included) with its permission bits. A write the service defers past the answer
 * (the analysis cache) may rename its temporary file between the listing and its stat: a path gone by then is
 * left out.
 */
async function modesUnder(dir: string): Promise<Record<string, number>> {
  const modes: Record<string, number> = { [dir]: (await stat(dir)).mode & 0o777 };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const info = await stat(full).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (info) modes[full] = info.mode & 0o777;
  }
  return modes;
}

describe('the data directory under umask 022', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    // A data dir that does not exist yet: the service creates it (mkdtemp would already make it 0700).
    dataDir = path.join(root, 'data');
    t = await createTestApp({ DOCINTEL_DATA_DIR: dataDir });
  });
  afterAll(() => t?.close());

  it('holds the database, blobs, results and the LanceDB index readable by the service user only', async () => {
    const file = await uploadOne(t.app, { filename: 'scan.png', bytes: await tinyPng(3) });
    const submitted = await parse(t.app, { input: { file_id: file.file_id } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await waitForFinalJob(t.app, (submitted.json() as JobRefBody).job_id)).status).toBe('completed');
    const index = await openChunkIndex({ uri: t.config.lancedbUri });
    await index.close();

    const modes = await modesUnder(dataDir);
    const names = Object.keys(modes).map((p) => path.relative(dataDir, p));
    expect(names).toEqual(
      expect.arrayContaining([
        '',
        'docintel.db',
        'docintel.db-wal',
        'docintel.db-shm',
        'blobs',
        'lancedb',
        `blobs/files/${file.file_id}/original`,
      ]),
    );
    // LanceDB writes its own files under the umask: what keeps them private is their folder, checked below.
    const ours = Object.entries(modes).filter(([p]) => !p.startsWith(path.join(dataDir, 'lancedb') + path.sep));
    const open = ours
      .filter(([, mode]) => (mode & 0o077) !== 0)
      .map(([p, mode]) => `${path.relative(dataDir, p) || '.'} ${mode.toString(8)}`);
    expect(open, 'paths other users can read or enter').toEqual([]);
    expect(modes[dataDir]).toBe(0o700);
    expect(modes[path.join(dataDir, 'lancedb')]).toBe(0o700);
    expect(modes[path.join(dataDir, 'docintel.db')]).toBe(0o600);
  });
});

describe('the generated API key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { worker: false });
  });
  afterAll(() => t?.close());

  async function appWithKeysIn(dir: string) {
    const keys = await ensureKeys([], undefined, dir);
    const app = await buildApp(appContext(t.runtime, keys.ring));
    return { keys, app };
  }

  const fileUrl = `/v1/files/file_${'0'.repeat(26)}`;
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );

  it('keeps its plaintext file until the key authenticates a request, then deletes it', async () => {
    const dir = path.join(root, 'keys-first-use');
    const { keys, app } = await appWithKeysIn(dir);
    const keyFile = path.join(dir, INITIAL_KEY_FILE);
    expect(keys.createdKeyPath).toBe(keyFile);
    expect(await exists(keyFile)).toBe(true);

    expect((await app.inject({ url: fileUrl, headers: { authorization: `Bearer ${keys.createdKey}x` } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(await exists(keyFile), 'a failed or unauthenticated request does not count as a use').toBe(true);

    expect((await app.inject({ url: fileUrl, headers: { authorization: `Bearer ${keys.createdKey}` } })).statusCode).toBe(404);
    expect(await exists(keyFile)).toBe(false);
    // The key goes on working; only its copy on disk is gone.
    expect((await app.inject({ url: fileUrl, headers: { authorization: `Bearer ${keys.createdKey}` } })).statusCode).toBe(404);
    await app.close();
  });

  it('is deleted at the first use after a restart too, when the key had not been used before it', async () => {
    const dir = path.join(root, 'keys-restart');
    const first = await appWithKeysIn(dir);
    await first.app.close();
    const key = first.keys.createdKey!;

    const { keys, app } = await appWithKeysIn(dir);
    expect(keys.createdKey).toBeNull();
    const keyFile = path.join(dir, INITIAL_KEY_FILE);
    expect(await exists(keyFile)).toBe(true);
    expect((await app.inject({ url: fileUrl, headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(404);
    expect(await exists(keyFile)).toBe(false);
    await app.close();
  });
});
