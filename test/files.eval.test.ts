/**
 * Real documents from the evaluation sets (../shared/eval beside the repository), through FileService.
 * Skipped when that folder is absent (it is not part of the repository).
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileService } from '../src/files/files.service.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createLogger } from '../src/shared/logger.ts';
import { createDocumentPool, type DocumentPool } from '../src/pipeline/document/pool.ts';
import { FsBlobStore } from '../src/storage/fs-blobs.ts';
import { SqliteMetadataStore } from '../src/storage/sqlite-metadata.ts';

const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/eval');
const present = existsSync(EVAL_DIR);
if (!present) console.warn(`[files.eval] ${EVAL_DIR} not found: real-document checks skipped`);

const CASES = [
  { file: 'tables-icdar2013/eu-001.pdf', type: 'application/pdf', pages: 3, first: [1190, 1684] },
  { file: 'receipts-sroie/img/000.jpg', type: 'image/jpeg', pages: 1, first: [463, 1013] },
  { file: 'ocr-tesseract/phototest.tif', type: 'image/tiff', pages: 1, first: [640, 480] },
  { file: 'ocr-tesseract/eurotext.tif', type: 'image/tiff', pages: 1, first: [1024, 800] },
  { file: 'ocr-tesseract/phototest-rotated-L.png', type: 'image/png', pages: 1, first: [480, 640] },
];

describe.skipIf(!present)('real evaluation files', () => {
  let dir: string;
  let pool: DocumentPool;
  let metadata: SqliteMetadataStore;
  let files: FileService;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-eval-files-'));
    pool = createDocumentPool(2);
    metadata = new SqliteMetadataStore(path.join(dir, 'meta.db'));
    const blobs = new FsBlobStore(path.join(dir, 'blobs'));
    files = new FileService({ metadata, blobs, pool, limits: loadConfig({}).limits, logger: createLogger('silent', 'test') });
  });

  afterAll(async () => {
    await pool?.destroy();
    await metadata?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(CASES)('$file ingests and renders every page at its recorded size', async ({ file, type, pages, first }) => {
    const ref = await files.ingestStream('eval', path.basename(file), createReadStream(path.join(EVAL_DIR, file)));
    expect(ref).toMatchObject({ content_type: type, page_count: pages });
    const record = await files.get('eval', ref.file_id);
    expect([record.pages[0].width, record.pages[0].height]).toEqual(first);
    for (let i = 0; i < record.page_count; i++) {
      const image = await files.pageImage('eval', ref.file_id, i);
      const meta = await sharp(image.body).metadata();
      expect([meta.width, meta.height]).toEqual([record.pages[i].width, record.pages[i].height]);
    }
  });
});
