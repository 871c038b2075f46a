import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Finding documents in the evaluation folders and reading facts about them independently of our code. */

export const PDF_EXT = ['.pdf'];
export const IMAGE_EXT = ['.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.bmp', '.gif'];

/** Follows symbolic links (an evaluation folder may link its sets in). */
export function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Files under `dir` (recursively) with one of the extensions, sorted by path for stable runs. */
export function listFiles(dir: string, extensions: string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (isDirectory(full)) found.push(...listFiles(full, extensions));
    else if (extensions.includes(path.extname(name).toLowerCase())) found.push(full);
  }
  return found.sort();
}

export function limited<T>(items: T[], limit: number | null): T[] {
  return limit === null ? items : items.slice(0, limit);
}

/** Page count from poppler's pdfinfo, falling back to `mutool info`; null when neither can read the file. */
export function referencePdfPages(file: string): number | null {
  const poppler = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  const fromPoppler = /^Pages:\s+(\d+)/mu.exec(poppler.stdout ?? '');
  if (fromPoppler) return Number(fromPoppler[1]);
  const mupdf = spawnSync('mutool', ['info', file], { encoding: 'utf8' });
  const fromMupdf = /^Pages:\s+(\d+)/mu.exec(mupdf.stdout ?? '');
  return fromMupdf ? Number(fromMupdf[1]) : null;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || png.readUInt32BE(0) !== 0x89504e47) return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Number of images in a TIFF: the length of its IFD chain (read from the header, no decoder involved). */
export function tiffPageCount(bytes: Buffer): number | null {
  const order = bytes.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (le ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  if (u16(2) !== 42) return null; // BigTIFF (43) is not counted here
  let count = 0;
  const seen = new Set<number>();
  for (let ifd = u32(4); ifd !== 0; count++) {
    if (seen.has(ifd) || ifd + 2 > bytes.length) return null;
    seen.add(ifd);
    const entries = u16(ifd);
    const next = ifd + 2 + entries * 12;
    if (next + 4 > bytes.length) return null;
    ifd = u32(next);
  }
  return count;
}

/** Reference page count of an image: 1, or the TIFF's image count. */
export function referenceImagePages(file: string): number | null {
  const ext = path.extname(file).toLowerCase();
  return ext === '.tif' || ext === '.tiff' ? tiffPageCount(readFileSync(file)) : 1;
}
