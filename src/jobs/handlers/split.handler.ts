import path from 'node:path';
import { childPdf } from '../../pipeline/split/mod.ts';
import { buildSplitView, type SplitView } from '../../pipeline/views/mod.ts';
import { requireDep, type JobContext, type JobHandler } from '../handler.ts';
import type { SplitRequest } from '../requests/documents.ts';
import { jobView } from './analysis-views.ts';

/** Content types whose pages mupdf can copy into a child PDF. */
const PAGED = /^(application\/pdf|image\/)/;

/**
 * Split reads the `fast` analysis, plans the documents, then stores each one as its own PDF (pages copied with
 * mupdf) whose FileRef every endpoint accepts. Text inputs have no pages to copy: their segments carry no file.
 */
export const splitHandler: JobHandler<SplitRequest> = {
  operation: 'split',
  async run(ctx) {
    const request = ctx.request;
    const shared = await jobView(ctx, { profile: 'fast' }, `split-${request.verbosity ?? 'none'}`, (model) =>
      buildSplitView(model, request.verbosity ?? 'none'),
    );
    // The plan may be the view cache's copy (files with the same bytes share it): the child files are this tenant's own.
    const plan = structuredClone(shared);
    await attachChildFiles(ctx, request.input.file_id, plan);
    return plan;
  },
};

async function attachChildFiles(ctx: JobContext, fileId: string, plan: SplitView): Promise<void> {
  const files = requireDep(ctx.deps, 'files');
  const record = await files.get(ctx.tenant, fileId);
  if (!PAGED.test(record.content_type)) return;
  const source = new Uint8Array(await ctx.deps.blobs.getBuffer(record.blob_key));
  const stem = path.parse(record.filename || 'document').name;
  for (const [k, segment] of plan.documents.entries()) {
    ctx.signal.throwIfAborted();
    const bytes = childPdf(source, segment.start_page - 1, segment.end_page - 1);
    const name = `${stem}-${k + 1}-pages-${segment.start_page}-${segment.end_page}.pdf`;
    segment.file_ref = { ...(await files.ingestBuffer(ctx.tenant, name, Buffer.from(bytes), { inline: false })) };
  }
}
