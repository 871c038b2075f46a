import type { SynthesisPorts } from '../../pipeline/synthesize/mod.ts';
import { pageImageRef } from '../../pipeline/views/mod.ts';
import { requireDep, type JobContext } from '../handler.ts';
import { analyzeFile } from './analysis-views.ts';

/** What the synthesize handlers share: files and analyses behind the synthesis service's ports. */
export function synthesisPorts(ctx: JobContext): SynthesisPorts {
  const files = requireDep(ctx.deps, 'files');
  let pages = 0;
  return {
    signal: ctx.signal,
    async store(filename, bytes) {
      const file = await files.ingestBuffer(ctx.tenant, filename, Buffer.from(bytes), { inline: false });
      const record = await files.get(ctx.tenant, file.file_id);
      pages += record.page_count;
      ctx.recordPages(pages);
      return {
        file: { ...file },
        pages: record.pages.map((size, i) => ({
          page_index: i,
          width: size.width,
          height: size.height,
          image_ref: pageImageRef(file.file_id, i),
        })),
      };
    },
    async source(fileId, instructions, role) {
      const record = await files.get(ctx.tenant, fileId);
      const [model, bytes] = await Promise.all([analyzeFile(ctx, record), ctx.deps.blobs.getBuffer(record.blob_key)]);
      return { file_id: record.file_id, filename: record.filename, bytes: new Uint8Array(bytes), model, instructions, role };
    },
  };
}
