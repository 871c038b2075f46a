/** Shared shapes of the document layer (sniff, inspect, render, pool). */

/** Content types the service accepts as documents (pages with images). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'image/webp', 'image/bmp', 'image/gif'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Every type a stored file can have: documents, JSON schema files, inline text/markdown. */
export type StoredContentType = DocumentType | 'application/json' | 'text/plain' | 'text/markdown';

export const SUPPORTED_FORMATS_LABEL = 'PDF, PNG, JPEG, TIFF, WebP, BMP, GIF, DOCX, XLSX, PPTX, HTML, Markdown, plain text';

export function isDocumentType(type: string): type is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(type);
}

/** Size of a page in pixels of its default page image (the coordinate space of every bbox). */
export interface PageSize {
  width: number;
  height: number;
}

export interface InspectResult {
  contentType: StoredContentType;
  pageCount: number;
  /** One entry per page for documents; empty for JSON/text (they have no page images). */
  pages: PageSize[];
  /** Things worth logging that did not stop the file (e.g. "PDF was repaired on open"). */
  warnings: string[];
  /**
   * For a file laid out into pages at upload (DOCX, XLSX, PPTX, HTML, Markdown, text): its PDF rendition,
   * which `pages` measure and every later step reads, and the type of the original.
   */
  rendition?: { pdf: Uint8Array; sourceType: string };
}

export interface InspectLimits {
  maxPages: number;
  maxPagePixels: number;
}

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export const IMAGE_FORMAT_CONTENT_TYPE: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** PDF pages render at 144 dpi by default: 2 pixels per PDF point. Images: native size = 144 "dpi". */
export const DEFAULT_DPI = 144;
export const MIN_DPI = 36;
export const MAX_DPI = 600;

export interface RenderOptions {
  pageIndex: number;
  /** 36–600; default 144 (PDF: 2 px per point; images: native pixel size, scaled by dpi/144 otherwise). */
  dpi?: number;
  format?: ImageFormat;
  /** Refuse renders larger than this many pixels (decompression-bomb and huge-dpi guard). */
  maxPagePixels: number;
}

export interface RenderResult {
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** Short names used in messages ("file is a PNG but is corrupt"). */
export const FORMAT_NAME: Record<DocumentType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/tiff': 'TIFF',
  'image/webp': 'WebP',
  'image/bmp': 'BMP',
  'image/gif': 'GIF',
};

/** The part of a stored file record that rendering and analysis need. */
export interface StoredDocument {
  file_id: string;
  /** hex sha256 of the original bytes (cache keys) */
  sha256: string;
  content_type: StoredContentType;
  page_count: number;
  /** Pixel size of each default page image. */
  pages: PageSize[];
  blob_key: string;
}
