/**
 * The analysis stage below the HTTP layer: the cached form of a model is lossless and readable by another
 * process's cache, the sliced layout run equals the layout module's own document pass, and the overlap
 * removal of the layout view.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisCache } from '../src/pipeline/analysis/cache.ts';
import { decodeModel, encodeModel } from '../src/pipeline/analysis/codec.ts';
import { compactPage } from '../src/pipeline/analysis/compact.ts';
import { layoutDocument } from '../src/pipeline/analysis/layout-run.ts';
import { analyzeDocumentLayout } from '../src/pipeline/layout/mod.ts';
import type { DocumentModel } from '../src/pipeline/model/types.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { removeOverlaps } from '../src/pipeline/views/overlaps.ts';
import { createLogger } from '../src/shared/logger.ts';
import { FsBlobStore } from '../src/storage/fs-blobs.ts';
import { reportPdf, twoColumnPdf } from './helpers/layout-pdfs.ts';

const logger = createLogger('silent', 'test');
let dir = '';
let model: DocumentModel;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-analysis-'));
  const { pages, bodyFontSize } = await layoutDocument(extractDocumentPages(reportPdf()).map(compactPage));
  model = {
    engine_version: 'test',
    file_id: 'file_x',
    sha256: 'a'.repeat(64),
    content_type: 'application/pdf',
    page_count: pages.length,
    pages,
    bodyFontSize,
    skipped_pages: [],
    warnings: [],
  };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Plain data: what a view can see of a model. */
const data = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('analysis cache', () => {
  it("encodes a model losslessly, blocks sharing the page's line objects", () => {
    const decoded = decodeModel(JSON.parse(JSON.stringify(encodeModel(model))));
    expect(data(decoded)).toEqual(data(model));
    const page = decoded.pages[1];
    for (const block of page.blocks) for (const line of block.lines) expect(page.lines).toContain(line);
    expect(JSON.stringify(encodeModel(model)).length).toBeLessThan(JSON.stringify(model).length / 3);
  });

  it('lists each distinct font once, whether words share one font object or carry equal copies', () => {
    const copied: DocumentModel = structuredClone(model);
    // Every word its own copy of its font (a model not compacted), one word given a font of its own.
    for (const page of copied.pages) for (const line of page.lines) for (const w of line.words) w.font = { ...w.font };
    const odd = copied.pages[0].lines[0].words[0];
    odd.font = { ...odd.font, name: 'Another-Font' };
    const shared = encodeModel(model);
    const copies = encodeModel(copied);
    expect(copies.fonts).toHaveLength(shared.fonts.length + 1);
    expect(data(decodeModel(JSON.parse(JSON.stringify(copies))))).toEqual(data(copied));
  });

  it('serves a model another cache instance stored (another process, same blob store)', async () => {
    const blobs = new FsBlobStore(path.join(dir, 'blobs'));
    const key = `analyses/${model.sha256}/test-0000000000000000.json.gz`;
    await new AnalysisCache(blobs).put(key, model, logger);
    const fresh = new AnalysisCache(blobs);
    expect(data(await fresh.get(key, logger))).toEqual(data(model));
    expect(await fresh.get('analyses/none/missing.json.gz', logger)).toBeNull();
  });
});

describe('sliced layout run', () => {
  it.each([
    ['report', reportPdf],
    ['two columns', twoColumnPdf],
  ])('equals analyzeDocumentLayout on the %s PDF', async (_name, make) => {
    const pages = extractDocumentPages(make()).map(compactPage);
    expect(data(await layoutDocument(pages))).toEqual(data(analyzeDocumentLayout(pages)));
  });
});

describe('overlap removal', () => {
  const item = (box: [number, number, number, number], score = 0.9) => ({ box, score });

  it('cuts a figure back around a caption lying inside it, instead of dropping the caption', () => {
    const items = [item([0, 0, 100, 100]), item([10, 80, 90, 95])];
    expect(removeOverlaps(items).size).toBe(0);
    expect(items[1].box).toEqual([10, 80, 90, 95]);
    expect(items[0].box).toEqual([0, 0, 100, 80]);
  });

  it('clips the smaller of two overlapping boxes and drops the weaker of two equal ones', () => {
    const items = [item([0, 0, 100, 50]), item([80, 40, 120, 60])];
    removeOverlaps(items);
    expect(items[1].box).toEqual([100, 40, 120, 60]);
    const same = [item([0, 0, 10, 10], 0.9), item([0, 0, 10, 10], 0.5)];
    expect([...removeOverlaps(same)]).toEqual([1]);
  });
});
