import { DocumentFormatError } from '../../shared/errors.ts';
import { isConvertibleType } from './convert/formats.ts';
import { convertToPdf } from './convert/to-pdf.ts';
import { inspectImage } from './inspect-image.ts';
import { inspectPdf } from './inspect-pdf.ts';
import { unsupportedMessage } from './sniff.ts';
import { isDocumentType, type InspectLimits, type InspectResult } from './types.ts';

/**
 * Validates a file's bytes against its detected type and measures its pages (pixel size of each default page
 * image). Throws DocumentFormatError with a message meant for the API caller. CPU-heavy: run it in the pool.
 */
export async function inspectDocument(bytes: Uint8Array, detectedType: string, limits: InspectLimits): Promise<InspectResult> {
  if (bytes.length === 0) throw new DocumentFormatError('zero-byte file', null);
  if (detectedType === 'application/pdf') return inspectPdf(bytes, limits);
  if (detectedType === 'application/json') return inspectJson(bytes);
  if (isConvertibleType(detectedType)) {
    const pdf = await convertToPdf(bytes, detectedType, limits);
    return { ...inspectPdf(pdf, limits), rendition: { pdf, sourceType: detectedType } };
  }
  if (isDocumentType(detectedType)) return inspectImage(bytes, detectedType, limits);
  throw new DocumentFormatError(unsupportedMessage({ type: detectedType, label: detectedType, supported: false }), detectedType);
}

/** JSON files (schema files for extract): UTF-8 text holding one JSON object. */
export function inspectJson(bytes: Uint8Array): InspectResult {
  const type = 'application/json';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new DocumentFormatError('file looks like JSON but is not valid UTF-8 text', type);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DocumentFormatError(`file looks like JSON but does not parse: ${(err as Error).message}`, type);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DocumentFormatError(
      `JSON file must hold an object (a schema), found ${Array.isArray(value) ? 'an array' : typeof value}`,
      type,
    );
  }
  return { contentType: type, pageCount: 1, pages: [], warnings: [] };
}
