import { createHash } from 'node:crypto';
import { ENGINE_VERSION } from '../../shared/version.ts';
import type { FileService } from '../../files/files.service.ts';
import type { DocumentPool } from '../../pipeline/document/pool.ts';
import { buildParseView, type ParseSource } from '../../pipeline/parse/parse-view.ts';
import type { JobHandler } from '../handler.ts';

interface ParseRequest {
  input: { file_id: string };
  grounding?: 'none' | 'regions' | 'ocr_lines';
}

/** Same file and engine version → same doc_id, so two parses can be compared and cached. */
function docIdFor(sha256: string): string {
  return `doc_${createHash('sha256').update(`${sha256}:${ENGINE_VERSION}`).digest('hex').slice(0, 26)}`;
}

export const parseHandler: JobHandler = {
  operation: 'parse',
  async run(ctx) {
    const { files, pool } = ctx.deps as unknown as { files: FileService; pool: DocumentPool };
    const request = ctx.request as unknown as ParseRequest;
    const record = await files.get(ctx.tenant, request.input.file_id);
    const source: ParseSource = { fileId: record.file_id, contentType: record.content_type, pages: record.pages };
    if (record.content_type === 'application/pdf') {
      source.textLayer = await pool.textLayer(await files.readOriginal(record), { transfer: true });
    } else if (record.content_type === 'text/plain' || record.content_type === 'text/markdown') {
      source.text = { content: (await files.readOriginal(record)).toString('utf8'), markdown: record.content_type === 'text/markdown' };
      source.pages = [{ width: 0, height: 0 }];
    }
    ctx.signal.throwIfAborted();
    await ctx.progress(record.page_count, record.page_count);
    ctx.recordPages(record.page_count);
    return buildParseView(source, docIdFor(record.sha256), ENGINE_VERSION, { grounding: request.grounding ?? 'regions' });
  },
};
