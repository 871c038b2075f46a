/**
 * How a page range and the file's bytes reach the analysing thread: a worker's pages packed as compact JSON decode
 * to the very pages it read (same JSON text, key order included, and fonts shared), and a stored file is read
 * once into shared memory and handed out again while that copy is alive.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPages } from '../src/pipeline/analysis/page-transfer.ts';
import { analyzePageRange, packedPageRange } from '../src/pipeline/analysis/pool-analyze.ts';
import { readSharedBytes } from '../src/pipeline/analysis/shared-bytes.ts';
import { fontKey } from '../src/pipeline/analysis/compact.ts';
import { FsBlobStore } from '../src/storage/fs-blobs.ts';
import { reportPdf } from './helpers/layout-pdfs.ts';
import { makeTextLayerPdf } from './helpers/textlayer-pdfs.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-transfer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('page transfer from a pool worker', () => {
  const files = [makeTextLayerPdf().bytes, new Uint8Array(reportPdf())];

  it('decodes to the pages the worker read, as the same JSON text', () => {
    let words = 0;
    for (const pdf of files) {
      const range = { from: 0, to: 3, profile: 'grounded' as const };
      const read = analyzePageRange(pdf, range);
      const received = unpackPages(packedPageRange(pdf, range));
      expect(JSON.stringify(received)).toBe(JSON.stringify(read));
      words += received.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.words.length, 0), 0);
    }
    expect(words).toBeGreaterThan(50);
  });

  it('shares one font object among the words and lines that use it', () => {
    const pages = unpackPages(packedPageRange(files[1], { from: 0, to: 2, profile: 'grounded' }));
    const fonts = pages.flatMap((p) => p.lines.flatMap((l) => [l.font, ...l.words.map((w) => w.font)]));
    expect(new Set(fonts).size).toBe(new Set(fonts.map(fontKey)).size);
  });
});

describe('shared file bytes', () => {
  it('reads a blob into shared memory once while that copy is alive', async () => {
    const blobs = new FsBlobStore(path.join(dir, 'blobs'));
    const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    await blobs.put('files/a/original', content);
    const first = await readSharedBytes(blobs, 'files/a/original');
    expect(first.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(first).equals(content)).toBe(true);
    expect(await readSharedBytes(blobs, 'files/a/original')).toBe(first);
  });
});
