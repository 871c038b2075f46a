import { createHash } from 'node:crypto';
import type { Limits } from '../shared/config.ts';
import { DocumentFormatError, NotFoundError, UnavailableError, UnprocessableError, ValidationError } from '../shared/errors.ts';
import type { Logger } from '../shared/logger.ts';
import { BlobNotFoundError, type BlobStore } from '../storage/mod.ts';
import {
  DEFAULT_DPI,
  type DocumentPool,
  IMAGE_FORMAT_CONTENT_TYPE,
  type ImageFormat,
  isDocumentType,
  MAX_DPI,
  MIN_DPI,
  PageOutOfRangeError,
  PoolBusyError,
  RENDER_ENGINE_VERSION,
  type StoredDocument,
} from '../pipeline/document/mod.ts';

export interface PageImageOptions {
  /** 36–600; default 144 (PDF: 2 px per point; images: native size, scaled by dpi/144). */
  dpi?: number;
  format?: ImageFormat;
}

export interface PageImage {
  body: Buffer;
  contentType: string;
  /** Strong ETag, quoted: same bytes for the same file, page, dpi, format and engine version. */
  etag: string;
  width: number;
  height: number;
  /** True when served from the render cache. */
  cached: boolean;
}

/** The part of a file record page images need. */
export type RenderableFile = StoredDocument;

const EXTENSION: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

export const renderKey = (fileId: string, pageIndex: number, dpi: number, format: ImageFormat) =>
  `renders/${fileId}/p${pageIndex}-${dpi}.${EXTENSION[format]}`;

export function pageImageEtag(fileSha256: string, pageIndex: number, dpi: number, format: ImageFormat): string {
  const digest = createHash('sha256').update([fileSha256, pageIndex, dpi, format, RENDER_ENGINE_VERSION].join('\n')).digest('base64url');
  return `"${digest}"`;
}

/**
 * The cached blob's content type carries the render's size and ETag as parameters
 * (`image/png; width=1224; height=1584; etag=…`): a hit needs no decoding, and a render made by another engine
 * version (different ETag) is treated as a miss and replaced.
 */
function cacheContentType(contentType: string, width: number, height: number, etag: string): string {
  return `${contentType}; width=${width}; height=${height}; etag=${etag.replaceAll('"', '')}`;
}

function parseCacheContentType(value: string | null): { width: number; height: number; etag: string } | null {
  const params = new Map(
    (value ?? '')
      .split(';')
      .slice(1)
      .map((p) => p.trim().split('=') as [string, string]),
  );
  const width = Number(params.get('width'));
  const height = Number(params.get('height'));
  const etag = params.get('etag');
  return width > 0 && height > 0 && etag ? { width, height, etag: `"${etag}"` } : null;
}

function checkOptions(options: PageImageOptions): { dpi: number; format: ImageFormat } {
  const dpi = options.dpi ?? DEFAULT_DPI;
  if (!Number.isInteger(dpi) || dpi < MIN_DPI || dpi > MAX_DPI) {
    throw ValidationError.at(['query', 'dpi'], `dpi must be a whole number between ${MIN_DPI} and ${MAX_DPI}`, 'value_error');
  }
  const format = options.format ?? 'png';
  if (!(format in IMAGE_FORMAT_CONTENT_TYPE))
    throw ValidationError.at(['header', 'accept'], 'format must be png, jpeg or webp', 'value_error');
  return { dpi, format };
}

/** Page images of stored files: rendered in the document pool, cached in the blob store. */
export class PageImages {
  private readonly inflight = new Map<string, Promise<PageImage>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly pool: DocumentPool,
    private readonly limits: Limits,
    private readonly logger: Logger,
  ) {}

  /** The ETag get() would answer, without rendering or reading anything (for If-None-Match). */
  etag(file: RenderableFile, pageIndex: number, options: PageImageOptions): string {
    const { dpi, format } = this.checkRequest(file, pageIndex, options);
    return pageImageEtag(file.sha256, pageIndex, dpi, format);
  }

  async get(file: RenderableFile, pageIndex: number, options: PageImageOptions): Promise<PageImage> {
    const { dpi, format } = this.checkRequest(file, pageIndex, options);
    const key = renderKey(file.file_id, pageIndex, dpi, format);
    // Concurrent requests for one uncached page share one render.
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const work = this.fetch(file, key, pageIndex, dpi, format).finally(() => this.inflight.delete(key));
    this.inflight.set(key, work);
    return work;
  }

  private checkRequest(file: RenderableFile, pageIndex: number, options: PageImageOptions): { dpi: number; format: ImageFormat } {
    if (!isDocumentType(file.content_type)) {
      throw new UnprocessableError(`file ${file.file_id} is ${file.content_type}; page images exist only for PDF and image files`);
    }
    if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= file.page_count) throw new NotFoundError('Page');
    return checkOptions(options);
  }

  async removeAll(fileId: string): Promise<void> {
    try {
      for (const key of await this.blobs.list(`renders/${fileId}/`)) await this.blobs.delete(key);
    } catch (err) {
      this.logger.error({ err, file_id: fileId }, 'could not delete cached page images');
    }
  }

  private async fetch(file: RenderableFile, key: string, pageIndex: number, dpi: number, format: ImageFormat): Promise<PageImage> {
    const etag = pageImageEtag(file.sha256, pageIndex, dpi, format);
    const cached = await this.readCache(key, etag);
    if (cached) return { ...cached, contentType: IMAGE_FORMAT_CONTENT_TYPE[format], etag, cached: true };
    const rendered = await this.render(file, pageIndex, dpi, format);
    try {
      await this.blobs.put(key, rendered.body, {
        contentType: cacheContentType(rendered.contentType, rendered.width, rendered.height, etag),
      });
    } catch (err) {
      this.logger.warn({ err, key }, 'could not cache a page image'); // served anyway; rendered again next time
    }
    return { ...rendered, etag, cached: false };
  }

  private async readCache(key: string, etag: string): Promise<{ body: Buffer; width: number; height: number } | null> {
    try {
      const info = await this.blobs.stat(key);
      const meta = parseCacheContentType(info?.contentType ?? null);
      if (!meta || meta.etag !== etag) return null;
      return { body: await this.blobs.getBuffer(key), width: meta.width, height: meta.height };
    } catch (err) {
      if (!(err instanceof BlobNotFoundError)) this.logger.warn({ err, key }, 'render cache read failed; rendering');
      return null;
    }
  }

  private async render(file: RenderableFile, pageIndex: number, dpi: number, format: ImageFormat) {
    const bytes = await this.blobs.getBuffer(file.blob_key);
    try {
      return await this.pool.render(bytes, file.content_type as Parameters<DocumentPool['render']>[1], {
        pageIndex,
        dpi,
        format,
        transfer: true,
        maxPagePixels: this.limits.maxPagePixels,
      });
    } catch (err) {
      if (err instanceof PageOutOfRangeError) throw new NotFoundError('Page');
      if (err instanceof DocumentFormatError) {
        throw new UnprocessableError(err.tooLarge ? `${err.message}; ask for a lower dpi` : err.message);
      }
      if (err instanceof PoolBusyError) throw new UnavailableError(err.message);
      throw err;
    }
  }
}
