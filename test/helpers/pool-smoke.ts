/**
 * Run as a separate process (`npx tsx …`, `node --import tsx …`) by test/document-pool.test.ts: proves the pool's
 * workers load their TypeScript under each way of starting the parent, and that the parent thread itself never
 * loads mupdf. Prints one JSON line.
 */
import { createDocumentPool } from '../../src/pipeline/document/pool.ts';
import { encodeBmp24, encodeMultiPageTiff, patternRgb } from './encoders.ts';

const pool = createDocumentPool(2);
try {
  const tiff = encodeMultiPageTiff([patternRgb(30, 20, [200, 0, 0]), patternRgb(20, 30, [0, 200, 0])]);
  const inspected = await pool.inspect(tiff, 'image/tiff');
  const rendered = await pool.render(encodeBmp24(patternRgb(16, 8, [0, 0, 200])), 'image/bmp', { pageIndex: 0, format: 'png' });
  const mupdfInParent = typeof (globalThis as Record<string, unknown>).$libmupdf_log_error === 'function';
  console.log(JSON.stringify({ pages: inspected.pages, rendered: [rendered.width, rendered.height, rendered.contentType], mupdfInParent }));
} finally {
  await pool.destroy();
}
