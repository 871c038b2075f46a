/**
 * Formats accepted by upload that are not paged by nature: they are laid out into PDF pages at upload (the
 * stored "rendition"), so page images, the text layer, layout and tables work on them as on any PDF.
 */
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export const CONVERTIBLE_TYPES = [DOCX, XLSX, PPTX, 'text/html', 'text/markdown', 'text/plain'] as const;
export type ConvertibleType = (typeof CONVERTIBLE_TYPES)[number];

export function isConvertibleType(type: string): type is ConvertibleType {
  return (CONVERTIBLE_TYPES as readonly string[]).includes(type);
}

export const CONVERTIBLE_NAME: Record<ConvertibleType, string> = {
  [DOCX]: 'DOCX document',
  [XLSX]: 'XLSX spreadsheet',
  [PPTX]: 'PPTX presentation',
  'text/html': 'HTML page',
  'text/markdown': 'Markdown text',
  'text/plain': 'plain text',
};

/**
 * Sniffing sees only bytes: Markdown and an HTML fragment look like plain text. For text alone the filename's
 * extension picks how it is laid out (a rendering choice, never a reason to accept a file).
 */
export function refineTextType(detectedType: string, filename: string): string {
  if (detectedType !== 'text/plain') return detectedType;
  const lower = filename.toLowerCase();
  if (/\.(md|markdown)$/.test(lower)) return 'text/markdown';
  if (/\.(html?|xhtml)$/.test(lower)) return 'text/html';
  return detectedType;
}

/** Extensions of formats that are never text: a file named so that holds text is not what its sender thinks it is. */
const BINARY_DOCUMENT_NAME = /\.(pdf|png|jpe?g|tiff?|bmp|gif|webp|docx|xlsx|pptx)$/i;

/**
 * Text accepted as a document is laid out as text; one named as a PDF, an image or an Office file (an export that
 * failed, a server's error page saved under the expected name) is refused instead of rendered as a page of text.
 */
export function misnamedTextProblem(type: string, filename: string): string | null {
  if (!(type === 'text/plain' || type === 'text/markdown' || type === 'text/html')) return null;
  const extension = BINARY_DOCUMENT_NAME.exec(filename)?.[1];
  return extension
    ? `file is named .${extension.toLowerCase()} but holds ${CONVERTIBLE_NAME[type]}, not a ${extension.toUpperCase()} file`
    : null;
}
