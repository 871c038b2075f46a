import { inflateRawSync } from 'node:zlib';
import { DocumentFormatError } from '../../../shared/errors.ts';

/** Office files are ZIPs: bounds on what their parts may unpack to (zip-bomb guard). */
export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
/** A spreadsheet with more non-empty cells than this is refused (413) rather than laid out into pages. */
export const MAX_SHEET_CELLS = 200_000;
/**
 * Text, Markdown and HTML larger than this are refused (413) before layout: far more than the page limit holds
 * at any readable size, and laying it out would only run into the pool's time limit.
 */
export const MAX_TEXT_BYTES = 16 * 1024 * 1024;
/** Text and HTML are laid out at this page size (A4, in PDF points) and base font size. */
export const REFLOW_PAGE = { width: 595, height: 842, em: 11 } as const;

interface ZipEntry {
  method: number;
  compressedBytes: number;
  declaredBytes: number;
  localHeader: number;
}

interface ZipDirectory {
  entries: ZipEntry[];
  unzippedBytes: number;
}

function readDirectory(bytes: Uint8Array, name: string): ZipDirectory {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  for (let at = view.length - 22; at >= Math.max(0, view.length - 65_557); at--) {
    if (view.readUInt32LE(at) !== 0x06054b50) continue;
    const count = view.readUInt16LE(at + 10);
    let offset = view.readUInt32LE(at + 16);
    const entries: ZipEntry[] = [];
    let unzippedBytes = 0;
    for (let i = 0; i < count; i++) {
      if (offset + 46 > view.length || view.readUInt32LE(offset) !== 0x02014b50) throw corruptZip(name, 'its central directory is damaged');
      const entry = {
        method: view.readUInt16LE(offset + 10),
        compressedBytes: view.readUInt32LE(offset + 20),
        declaredBytes: view.readUInt32LE(offset + 24),
        localHeader: view.readUInt32LE(offset + 42),
      };
      entries.push(entry);
      unzippedBytes += entry.declaredBytes;
      offset += 46 + view.readUInt16LE(offset + 28) + view.readUInt16LE(offset + 30) + view.readUInt16LE(offset + 32);
    }
    return { entries, unzippedBytes };
  }
  throw corruptZip(name, 'it has no ZIP central directory (truncated?)');
}

function corruptZip(name: string, reason: string): DocumentFormatError {
  return new DocumentFormatError(`file is a ${name} but is corrupt/truncated: ${reason}`, null);
}

/**
 * The declared sizes are what the limits are checked on; a part that inflates past its declared size (a lying
 * header) is refused before any reader trusts it. Inflating stops at the declared size, so memory stays bounded.
 */
function checkInflatedSizes(bytes: Uint8Array, dir: ZipDirectory, name: string, type: string): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of dir.entries) {
    if (entry.method !== 8) continue; // stored parts are as large as they are
    const at = entry.localHeader;
    if (at + 30 > view.length || view.readUInt32LE(at) !== 0x04034b50)
      throw new DocumentFormatError(`file is a ${name} but is corrupt/truncated: a part is missing`, type);
    const start = at + 30 + view.readUInt16LE(at + 26) + view.readUInt16LE(at + 28);
    try {
      inflateRawSync(view.subarray(start, start + entry.compressedBytes), { maxOutputLength: Math.max(1, entry.declaredBytes) });
    } catch (err) {
      const tooBig = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      const reason = tooBig ? 'a part unpacks to more than its declared size' : 'a part does not unpack';
      throw new DocumentFormatError(`file is a ${name} but is corrupt/truncated: ${reason}`, type);
    }
  }
}

/** Refuses an Office file whose parts are too many or unpack to too much (413), or a broken ZIP (415). */
export function checkZip(bytes: Uint8Array, name: string, type: string): void {
  let dir: ZipDirectory;
  try {
    dir = readDirectory(bytes, name);
  } catch (err) {
    if (err instanceof DocumentFormatError) throw new DocumentFormatError(err.message, type);
    throw new DocumentFormatError(`file is a ${name} but is corrupt/truncated`, type);
  }
  if (dir.entries.length > MAX_ZIP_ENTRIES) {
    throw new DocumentFormatError(`${name} has ${dir.entries.length} parts, over the ${MAX_ZIP_ENTRIES}-part limit`, type, true);
  }
  if (dir.unzippedBytes > MAX_UNZIPPED_BYTES) {
    const mib = (n: number) => Math.round(n / (1024 * 1024));
    throw new DocumentFormatError(
      `${name} unpacks to ${mib(dir.unzippedBytes)} MiB, over the ${mib(MAX_UNZIPPED_BYTES)} MiB limit`,
      type,
      true,
    );
  }
  checkInflatedSizes(bytes, dir, name, type);
}
