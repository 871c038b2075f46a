import type { Readable } from 'node:stream';
import type { Limits } from '../shared/config.ts';
import {
  AppError,
  DocumentFormatError,
  NotFoundError,
  PayloadTooLargeError,
  UnavailableError,
  UnprocessableError,
  UnsupportedMediaError,
} from '../shared/errors.ts';
import { looksLikeId, newId, nowSeconds } from '../shared/ids.ts';
import { decodeCursor, encodeCursor, pageSize, tenantIndexId, tenantIndexPrefix, type Page, type PageRequest } from '../shared/paging.ts';
import type { Logger } from '../shared/logger.ts';
import { backfillListing, type BlobStore, BlobTooLargeError, type MetadataStore } from '../storage/mod.ts';
import {
  decryptPdf,
  type DocumentPool,
  type InspectResult,
  isDocumentType,
  misnamedTextProblem,
  type PageSize,
  pdfNeedsPassword,
  PoolBusyError,
  refineTextType,
  sniff,
  SNIFF_BYTES,
  type SniffResult,
  type StoredContentType,
} from '../pipeline/document/mod.ts';
import { safeFilename } from './filename.ts';
import { PageImages, type PageImage, type PageImageOptions } from './page-images.ts';
import { drain, sniffWhileStreaming, unsupportedError, wasTruncated } from './upload-stream.ts';

export type { PageImage, PageImageOptions };

/** FileRef as the spec defines it. */
export interface FileRef {
  file_id: string;
  filename: string;
  size_bytes: number;
  created_at: number;
  content_type: string | null;
  page_count: number;
}

/** What the `files` collection holds per file. */
export interface FileRecord extends FileRef {
  tenant: string;
  content_type: StoredContentType;
  /** Pixel size of each default page image (the bbox coordinate space); empty for JSON/text files. */
  pages: PageSize[];
  /** hex sha256 of the bytes analysed (the original, or the PDF rendition): the key of cached analyses */
  sha256: string;
  /** What is rendered and analysed: the original, or the PDF rendition of a converted format. */
  blob_key: string;
  source: 'upload' | 'inline';
  /**
   * Formats laid out into pages at upload (DOCX, XLSX, PPTX, HTML, Markdown, text): `content_type` and
   * `blob_key` are those of the PDF rendition; these name the original, which FileRef reports and download serves.
   */
  original_type?: string;
  original_key?: string;
}

export interface FileServiceDeps {
  metadata: MetadataStore;
  blobs: BlobStore;
  pool: DocumentPool;
  limits: Limits;
  logger: Logger;
  /** Removes what the pipeline derived from a deleted file (cached analyses, ask-index rows); wired by the runtime. */
  removeDerived?: (tenant: string, record: FileRecord) => Promise<void>;
}

export interface IngestBufferOptions {
  /** Inline (base64) content: format problems answer 422 instead of 415. */
  inline?: boolean;
  /** `pdf_base64` must hold a PDF, `image_base64` an image. */
  expect?: 'pdf' | 'image';
  /** Opens an encrypted PDF; the decrypted copy is stored. Never stored or logged itself. */
  password?: string;
}

/** An upload part received into its blob, not yet inspected or recorded. */
interface ReceivedUpload {
  fileId: string;
  key: string;
  tenant: string;
  filename: string;
  type: string;
  size: number;
  sha256: string;
}

/** An encrypted PDF of an upload form kept until the form's password arrives (ingestUploadPart). */
export interface LockedUpload extends ReceivedUpload {
  locked: true;
}

export interface IngestStreamOptions {
  /** Opens an encrypted PDF; the decrypted copy is stored. Never stored or logged itself. */
  password?: string;
}

type Origin = 'upload' | 'inline';

export const originalKey = (fileId: string) => `files/${fileId}/original`;
export const renditionKey = (fileId: string) => `files/${fileId}/rendition.pdf`;

function describeBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} bytes`;
}

/**
 * Document files: upload (streamed), inline content, metadata, originals and page images.
 * A file is visible only to the tenant that stored it. Nothing is left half-stored: any failure after the
 * blob was written deletes it before the error goes out.
 */
export class FileService {
  private readonly pageImages: PageImages;

  constructor(private readonly deps: FileServiceDeps) {
    this.pageImages = new PageImages(deps.blobs, deps.pool, deps.limits, deps.logger);
  }

  /** Multipart upload of one file. 413 over the size/pixel limits, 415 for unsupported or corrupt files. */
  async ingestStream(tenant: string, filename: string, stream: Readable, options: IngestStreamOptions = {}): Promise<FileRef> {
    const received = await this.receive(tenant, filename, stream);
    return this.finishUpload(received, options.password);
  }

  /**
   * One part of an upload form whose `password` field may still follow: an encrypted PDF without a password yet
   * is kept as it is, unprocessed, until unlockUpload (the password came) or discardUpload (it did not).
   */
  async ingestUploadPart(
    tenant: string,
    filename: string,
    stream: Readable,
    password: string | undefined,
  ): Promise<FileRef | LockedUpload> {
    const received = await this.receive(tenant, filename, stream);
    if (!password && received.type === 'application/pdf' && (await this.isLocked(received))) return { locked: true, ...received };
    return this.finishUpload(received, password);
  }

  /** A kept encrypted PDF opened with the form's password, then stored like any upload (415 when missing or wrong). */
  unlockUpload(locked: LockedUpload, password: string | undefined): Promise<FileRef> {
    return this.finishUpload(locked, password);
  }

  async discardUpload(locked: LockedUpload): Promise<void> {
    await this.discardBlob(locked.key);
  }

  /** Streams the part into its blob (size limit, sniffed type checked while streaming). */
  private async receive(tenant: string, filename: string, stream: Readable): Promise<ReceivedUpload> {
    const fileId = newId('file');
    const key = originalKey(fileId);
    const sniffer = sniffWhileStreaming(stream);
    try {
      const { size, sha256 } = await this.deps.blobs.put(key, sniffer, { maxBytes: this.deps.limits.maxUploadBytes });
      if (sniffer.errored) throw sniffer.errored;
      if (wasTruncated(stream)) throw new BlobTooLargeError(this.deps.limits.maxUploadBytes);
      const detected = sniffer.detected ?? sniff(Buffer.alloc(0));
      const type = refineTextType(detected.type, filename);
      const misnamed = misnamedTextProblem(type, filename);
      if (misnamed) throw new DocumentFormatError(misnamed, type);
      return { fileId, key, tenant, filename, type, size, sha256 };
    } catch (err) {
      await this.discardBlob(key);
      await drain(stream);
      throw this.clientError(err, 'upload');
    }
  }

  private async isLocked(received: ReceivedUpload): Promise<boolean> {
    try {
      return pdfNeedsPassword(await this.deps.blobs.getBuffer(received.key));
    } catch (err) {
      await this.discardBlob(received.key);
      throw err;
    }
  }

  /** Decrypts (with a password), inspects and records a received upload; its blob is deleted on any failure. */
  private async finishUpload(received: ReceivedUpload, password: string | undefined): Promise<FileRef> {
    const { fileId, key, tenant, filename, type } = received;
    try {
      let bytes = await this.deps.blobs.getBuffer(key);
      const decrypted = type === 'application/pdf' ? decryptedCopy(bytes, password) : null;
      if (decrypted) bytes = decrypted;
      // The encrypted original is replaced: later operations read the stored file without a password.
      const info = decrypted ? await this.deps.blobs.put(key, decrypted, { contentType: type }) : received;
      const inspected = await this.deps.pool.inspect(bytes, type, { transfer: true, limits: this.deps.limits });
      return toFileRef(
        await this.saveRecord({ fileId, tenant, filename, key, size: info.size, sha256: info.sha256, inspected, origin: 'upload' }),
      );
    } catch (err) {
      await this.discardBlob(key);
      throw this.clientError(err, 'upload');
    }
  }

  /** Inline base64 content. Same checks as upload; format problems answer 422. */
  async ingestBuffer(tenant: string, filename: string, bytes: Buffer, options: IngestBufferOptions = {}): Promise<FileRef> {
    const origin: Origin = options.inline === false ? 'upload' : 'inline';
    try {
      if (bytes.length > this.deps.limits.maxUploadBytes) throw new BlobTooLargeError(this.deps.limits.maxUploadBytes);
      const detected = sniff(bytes.subarray(0, SNIFF_BYTES));
      const refused = expectationError(detected, options.expect) ?? unsupportedError(detected);
      if (refused) throw refused;
      if (detected.type === 'application/pdf') bytes = decryptedCopy(bytes, options.password) ?? bytes;
      const inspected = await this.deps.pool.inspect(bytes, refineTextType(detected.type, filename), { limits: this.deps.limits });
      return toFileRef(await this.store(tenant, filename, bytes, inspected, origin));
    } catch (err) {
      throw this.clientError(err, origin);
    }
  }

  /** Inline markdown or plain text, stored as a one-page text file (no page images). */
  async ingestText(tenant: string, filename: string, text: string, contentType: 'text/markdown' | 'text/plain'): Promise<FileRef> {
    const bytes = Buffer.from(text, 'utf8');
    try {
      if (bytes.length > this.deps.limits.maxUploadBytes) throw new BlobTooLargeError(this.deps.limits.maxUploadBytes);
      if (bytes.length === 0) throw new DocumentFormatError(`empty ${contentType === 'text/markdown' ? 'markdown' : 'text'}`, contentType);
      return toFileRef(await this.store(tenant, filename, bytes, { contentType, pageCount: 1, pages: [], warnings: [] }, 'inline'));
    } catch (err) {
      throw this.clientError(err, 'inline');
    }
  }

  /** The caller's file; another tenant's or an unknown id is 404 File not found. */
  async get(tenant: string, fileId: string): Promise<FileRecord> {
    if (typeof fileId !== 'string' || !looksLikeId(fileId, 'file')) throw new NotFoundError('File');
    const found = await this.deps.metadata.get<FileRecord>('files', fileId);
    if (!found || found.value.tenant !== tenant) throw new NotFoundError('File');
    return found.value;
  }

  toFileRef(record: FileRecord): FileRef {
    return toFileRef(record);
  }

  readOriginal(record: FileRecord): Promise<Buffer> {
    return this.deps.blobs.getBuffer(record.original_key ?? record.blob_key);
  }

  openOriginal(record: FileRecord): Promise<Readable> {
    return this.deps.blobs.getStream(record.original_key ?? record.blob_key);
  }

  /** A rendered page (PNG by default), cached in the blob store, with a strong ETag. */
  async pageImage(tenant: string, fileId: string, pageIndex: number, options: PageImageOptions = {}): Promise<PageImage> {
    return this.pageImages.get(await this.get(tenant, fileId), pageIndex, options);
  }

  /** The strong ETag pageImage() would answer, computed without rendering: lets a route answer 304 cheaply. */
  async pageImageEtag(tenant: string, fileId: string, pageIndex: number, options: PageImageOptions = {}): Promise<string> {
    return this.pageImages.etag(await this.get(tenant, fileId), pageIndex, options);
  }

  /** The tenant's files, newest first, one page at a time (see shared/paging.ts). */
  async list(tenant: string, request: PageRequest = {}): Promise<Page<FileRef>> {
    const limit = pageSize(request.limit);
    const after = decodeCursor(request.cursor, 'file');
    const prefix = tenantIndexPrefix(tenant);
    // One more than asked: whether a next page exists, without a second read.
    const rows = await this.deps.metadata.listPage<FileRef>('files', {
      prefix,
      after: after && prefix + after,
      limit: limit + 1,
      descending: true,
    });
    const items = rows.slice(0, limit).map((row) => row.value);
    return { items, nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!.file_id) : null };
  }

  /**
   * Deletes a file: what the pipeline derived from it (analyses, ask-index rows), its cached renders, its original,
   * then its record. The record goes last: a failure part-way leaves it, so the DELETE can be retried and finishes
   * the job. Jobs that used the file keep their results.
   */
  async remove(tenant: string, fileId: string): Promise<void> {
    const record = await this.get(tenant, fileId);
    await this.deps.removeDerived?.(tenant, record);
    await this.pageImages.removeAll(fileId);
    await this.deps.blobs.delete(record.blob_key);
    if (record.original_key) await this.deps.blobs.delete(record.original_key);
    await this.forget(record);
    this.deps.logger.info({ file_id: fileId }, 'file deleted');
  }

  /** Listing entries for files stored before listings existed (once; see storage/listing-backfill.ts). */
  backfillListing(): Promise<number> {
    return backfillListing<FileRecord>(
      this.deps.metadata,
      {
        collection: 'files',
        recordPrefix: 'file_',
        tenantOf: (r) => r.tenant,
        idOf: (r) => r.file_id,
        entryOf: toFileRef,
      },
      this.deps.logger,
    );
  }

  /** Files stored before `cutoff` (epoch seconds), any tenant: the file retention sweep deletes them. */
  async listStoredBefore(cutoff: number): Promise<FileRecord[]> {
    const rows = await this.deps.metadata.list<FileRecord>('files', 'file_');
    return rows.map((row) => row.value).filter((record) => record.created_at < cutoff);
  }

  private async store(tenant: string, filename: string, bytes: Buffer, inspected: InspectResult, origin: Origin): Promise<FileRecord> {
    const fileId = newId('file');
    const key = originalKey(fileId);
    const info = await this.deps.blobs.put(key, bytes, { contentType: inspected.contentType });
    try {
      return await this.saveRecord({ fileId, tenant, filename, key, size: info.size, sha256: info.sha256, inspected, origin });
    } catch (err) {
      await this.discardBlob(key);
      throw err;
    }
  }

  private async saveRecord(input: {
    fileId: string;
    tenant: string;
    filename: string;
    key: string;
    size: number;
    sha256: string;
    inspected: InspectResult;
    origin: Origin;
  }): Promise<FileRecord> {
    const { fileId, inspected } = input;
    const rendition = inspected.rendition ? await this.storeRendition(fileId, inspected.rendition) : null;
    const record: FileRecord = {
      file_id: fileId,
      tenant: input.tenant,
      filename: safeFilename(input.filename),
      size_bytes: input.size,
      created_at: nowSeconds(),
      content_type: inspected.contentType,
      page_count: inspected.pageCount,
      pages: inspected.pages,
      sha256: rendition?.sha256 ?? input.sha256,
      blob_key: rendition?.key ?? input.key,
      source: input.origin,
      ...(rendition && { original_type: rendition.sourceType, original_key: input.key }),
    };
    await this.deps.metadata.create('files', fileId, record);
    try {
      await this.deps.metadata.put('files', tenantIndexId(input.tenant, fileId), toFileRef(record));
    } catch (err) {
      // Unlisted files would be undeletable by their owner: none is kept (the caller removes the blob).
      await this.deps.metadata.delete('files', fileId).catch(() => undefined);
      if (rendition) await this.discardBlob(rendition.key);
      throw err;
    }
    for (const warning of inspected.warnings) this.deps.logger.warn({ file_id: fileId }, warning);
    this.deps.logger.info(
      { file_id: fileId, content_type: record.content_type, page_count: record.page_count, size_bytes: record.size_bytes },
      'file stored',
    );
    return record;
  }

  /** The record and its tenant-index entry (files are never changed, so the entry holds the whole FileRef). */
  private async forget(record: FileRecord): Promise<void> {
    await this.deps.metadata.delete('files', record.file_id);
    await this.deps.metadata.delete('files', tenantIndexId(record.tenant, record.file_id));
  }

  /** The PDF pages a converted format was laid out into, stored beside the original. */
  private async storeRendition(
    fileId: string,
    rendition: NonNullable<InspectResult['rendition']>,
  ): Promise<{ key: string; sha256: string; sourceType: string }> {
    const key = renditionKey(fileId);
    const pdf = Buffer.from(rendition.pdf.buffer, rendition.pdf.byteOffset, rendition.pdf.byteLength);
    const info = await this.deps.blobs.put(key, pdf, { contentType: 'application/pdf' });
    return { key, sha256: info.sha256, sourceType: rendition.sourceType };
  }

  private async discardBlob(key: string): Promise<void> {
    try {
      await this.deps.blobs.delete(key);
    } catch (err) {
      this.deps.logger.error({ err, key }, 'could not delete the blob of a failed file');
    }
  }

  /** Maps storage/format errors to the API's; anything unexpected passes through (500). */
  private clientError(err: unknown, origin: Origin): unknown {
    if (err instanceof AppError) return err;
    if (err instanceof BlobTooLargeError || isMultipartTooLarge(err)) {
      return new PayloadTooLargeError(`file is larger than the ${describeBytes(this.deps.limits.maxUploadBytes)} upload limit`);
    }
    if (err instanceof DocumentFormatError) {
      if (origin === 'inline') return new UnprocessableError(err.message);
      return err.tooLarge ? new PayloadTooLargeError(err.message) : new UnsupportedMediaError(err.message);
    }
    if (err instanceof PoolBusyError) return new UnavailableError(err.message);
    return err;
  }
}

/**
 * An encrypted PDF opened with the caller's password, as a Buffer to store; null when there is no password to use
 * (an encrypted PDF without one is then refused by the inspection) or the PDF is not encrypted.
 */
function decryptedCopy(bytes: Buffer, password: string | undefined): Buffer | null {
  if (!password) return null;
  const decrypted = decryptPdf(bytes, password);
  return decrypted ? Buffer.from(decrypted.buffer, decrypted.byteOffset, decrypted.byteLength) : null;
}

function toFileRef(record: FileRecord): FileRef {
  return {
    file_id: record.file_id,
    filename: record.filename,
    size_bytes: record.size_bytes,
    created_at: record.created_at,
    content_type: record.original_type ?? record.content_type,
    page_count: record.page_count,
  };
}

/** `pdf_base64` holds a PDF and `image_base64` an image; other formats are uploads. */
function expectationError(detected: SniffResult, expect: IngestBufferOptions['expect']): DocumentFormatError | null {
  const type = detected.type;
  if (type === 'application/x-empty') return null; // unsupportedError names it
  if (expect === 'pdf' && type !== 'application/pdf') return new DocumentFormatError(`expected a PDF, detected ${detected.label}`, type);
  if (expect === 'image' && !(isDocumentType(type) && type.startsWith('image/'))) {
    return new DocumentFormatError(`expected an image (PNG, JPEG, TIFF, WebP, BMP, GIF), detected ${detected.label}`, type);
  }
  return null;
}

/** @fastify/multipart's RequestFileTooLargeError, should its stream error rather than end truncated. */
function isMultipartTooLarge(err: unknown): boolean {
  const e = err as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE';
}
