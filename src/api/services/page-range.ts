import type { FileService } from '../../files/mod.ts';
import { ValidationError } from '../../shared/errors.ts';
import { PageRangeError, pageRangeParts, parsePageRange } from '../../shared/page-range.ts';

const LOC = ['body', 'page_range'];

function refused(err: unknown): never {
  if (err instanceof PageRangeError) throw ValidationError.at(LOC, err.message);
  throw err;
}

/** The syntax alone (malformed, empty, zero, reversed → 422), checked before any inline content is stored. */
export function checkPageRangeSyntax(pageRange: unknown): void {
  if (pageRange === undefined || pageRange === null) return;
  try {
    pageRangeParts(pageRange as string);
  } catch (err) {
    refused(err);
  }
}

/**
 * Every document of the request must have the pages named (422 past the last page), so an async request is refused
 * now rather than failing later in its job. `fileIds` are the request's resolved documents.
 */
export async function checkPageRangeBounds(files: FileService, tenant: string, pageRange: unknown, fileIds: string[]): Promise<void> {
  if (pageRange === undefined || pageRange === null) return;
  for (const fileId of new Set(fileIds)) {
    const record = await files.get(tenant, fileId);
    try {
      parsePageRange(pageRange as string, record.page_count);
    } catch (err) {
      if (err instanceof PageRangeError)
        throw ValidationError.at(LOC, fileIds.length > 1 ? `${err.message} (${record.filename})` : err.message);
      throw err;
    }
  }
}
