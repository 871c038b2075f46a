import { constants, inflateSync } from 'node:zlib';
import type * as mupdf from 'mupdf';
import { DocumentFormatError } from '../../shared/errors.ts';
import { describeLimit } from './limits.ts';

/**
 * Refuses PDF pages whose drawing cost is out of all proportion to their size on disk, before anything renders
 * them: content streams that inflate to gigabytes (flate bombs, also double-compressed), form XObjects drawn
 * from forms drawn from forms ("billion laughs"), images declaring more pixels than any page may have, and
 * tiling patterns with millions of tiles. mupdf has no time or memory budget of its own, so such a page would
 * otherwise hold a render thread for minutes. What this cannot see (Type 3 fonts, shadings, LZW streams) is
 * left to the document pool's task time limit.
 *
 * Streams are inflated here with Node's zlib under a byte cap (never mupdf, which would allocate the whole
 * output in its WebAssembly heap); only the decoded size and `Do` operators are looked at.
 */

export interface PageCostLimits {
  /** Decoded content bytes one page may draw, each form counted as often as it is drawn. */
  maxContentBytes: number;
  /** Decoded content bytes of the whole document (shared streams counted once). */
  maxDocumentBytes: number;
  /** Declared pixels of any image a page can draw (the page-pixel limit of raster uploads). */
  maxPagePixels: number;
  /** Tiles one tiling pattern may need to cover the page. */
  maxPatternTiles: number;
}

export const DEFAULT_PAGE_COST: Omit<PageCostLimits, 'maxPagePixels'> = {
  maxContentBytes: 128 * 1024 * 1024,
  maxDocumentBytes: 2 * 1024 * 1024 * 1024,
  maxPatternTiles: 20_000_000,
};

const PDF = 'application/pdf';
/** Forms within forms beyond this are not followed (mupdf itself stops far earlier). */
const MAX_FORM_DEPTH = 64;

function tooCostly(message: string): DocumentFormatError {
  return new DocumentFormatError(message, PDF, true);
}

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

/** A stream's filter names, in order (`/Filter /FlateDecode` or `/Filter [/A85 /Fl]`). */
function filtersOf(stream: mupdf.PDFObject): string[] {
  const filter = stream.get('Filter');
  if (filter.isName()) return [filter.asName()];
  if (!filter.isArray()) return [];
  return Array.from({ length: filter.length }, (_, i) => filter.get(i))
    .filter((f) => f.isName())
    .map((f) => f.asName());
}

function asciiHex(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  const hex = (end >= 0 ? text.slice(0, end) : text).replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/\s+/g, '');
  const end = text.indexOf('~>');
  const body = (end >= 0 ? text.slice(0, end) : text).replace(/^<~/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((acc, digit) => acc * 85 + digit, 0);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const char of body) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = char.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) continue;
    group.push(digit);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return Buffer.from(out);
}

/** Over `cap` decoded bytes: returned as the marker instead of the bytes. */
const OVER_CAP = Symbol('over cap');

/**
 * The decoded bytes of a stream, `OVER_CAP` when they would exceed `cap`, or the raw bytes when a filter is one
 * this does not decode (image codecs, LZW, run-length): then the size is a lower bound and the pool's time limit
 * is what protects.
 */
function decodeCapped(stream: mupdf.PDFObject, cap: number): Buffer | typeof OVER_CAP {
  const raw = stream.readRawStream();
  // Copied out of WebAssembly memory (the view is invalidated when mupdf's heap grows), then freed.
  let data: Buffer = Buffer.from(raw.asUint8Array());
  raw.destroy();
  for (const filter of filtersOf(stream)) {
    if (filter === 'FlateDecode' || filter === 'Fl') {
      try {
        data = inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return OVER_CAP;
        return data; // corrupt data: mupdf draws what it can, which is no more than this
      }
    } else if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
      data = asciiHex(data);
    } else if (filter === 'ASCII85Decode' || filter === 'A85') {
      data = ascii85(data);
    } else {
      return data;
    }
    if (data.length > cap) return OVER_CAP;
  }
  return data;
}

/** `/Name Do` operators of a content stream, by name (#xx escapes resolved), with how often each is used. */
function xobjectUses(content: Buffer): Map<string, number> {
  const uses = new Map<string, number>();
  if (content.indexOf('Do') < 0) return uses;
  for (const match of content.toString('latin1').matchAll(/\/([^\s/[\]()<>{}%]+)\s*Do(?![^\s/[\]()<>{}%])/g)) {
    const name = match[1].replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  return uses;
}

/**
 * Stream objects stay indirect references: mupdf knows a stream by its object number (a resolved stream dictionary
 * reads as a plain dictionary). Every other access resolves references by itself.
 */
function streamsOf(value: mupdf.PDFObject): mupdf.PDFObject[] {
  if (value.isStream()) return [value];
  if (value.isArray()) return Array.from({ length: value.length }, (_, i) => value.get(i)).filter((s) => s.isStream());
  return [];
}

/** Measures the pages of one document; shared streams and forms are decoded once. */
export class PageCostMeter {
  private readonly formCosts = new Map<number, number>();
  private readonly streamSizes = new Map<number, number>();
  private decodedTotal = 0;

  constructor(private readonly limits: PageCostLimits) {}

  /** Throws DocumentFormatError (tooLarge) when page `index` (zero-based) is over a limit. */
  check(page: mupdf.PDFPage, index: number): void {
    const what = `page ${index + 1}`;
    const obj = page.getObject();
    const resources = obj.getInheritable('Resources');
    const bounds = page.getBounds();
    const area = Math.abs((bounds[2] - bounds[0]) * (bounds[3] - bounds[1]));
    let cost = 0;
    for (const content of streamsOf(obj.get('Contents'))) {
      cost += this.streamCost(content, resources, what, 0, new Set());
      this.checkCost(cost, what);
    }
    const annots = obj.get('Annots');
    for (let i = 0; annots.isArray() && i < annots.length; i++) {
      const annot = annots.get(i);
      const appearance = annot.isDictionary() ? annot.get('AP') : null;
      if (!appearance?.isDictionary()) continue;
      const normal = appearance.get('N');
      const appearances = normal.isStream() ? [normal] : normal.isDictionary() ? this.dictValues(normal).filter((s) => s.isStream()) : [];
      for (const stream of appearances) {
        cost += this.streamCost(stream, stream.get('Resources'), what, 1, new Set());
        this.checkCost(cost, what);
      }
    }
    this.checkResources(resources, what, area);
  }

  private checkCost(cost: number, what: string): void {
    if (cost > this.limits.maxContentBytes) {
      throw tooCostly(
        `${what} has content that expands to over ${mib(this.limits.maxContentBytes)} (a decompression bomb or forms drawn too many times)`,
      );
    }
  }

  /** Decoded size of a content stream plus what the forms it draws cost, each as often as it draws them. */
  private streamCost(stream: mupdf.PDFObject, resources: mupdf.PDFObject, what: string, depth: number, drawing: Set<number>): number {
    const objectNumber = stream.isIndirect() ? stream.asIndirect() : -1;
    const known = objectNumber >= 0 ? this.formCosts.get(objectNumber) : undefined;
    if (known !== undefined) return known;
    const content = decodeCapped(stream, this.limits.maxContentBytes);
    if (content === OVER_CAP) {
      throw tooCostly(`${what} has a content stream that expands to over ${mib(this.limits.maxContentBytes)} (a decompression bomb)`);
    }
    this.countDecoded(objectNumber, content.length);
    let cost = content.length;
    const xobjects = resources.isDictionary() ? resources.get('XObject') : null;
    if (xobjects?.isDictionary() && depth < MAX_FORM_DEPTH) {
      if (objectNumber >= 0) drawing.add(objectNumber);
      for (const [name, uses] of xobjectUses(content)) {
        const xobject = xobjects.get(name);
        if (!xobject.isStream() || xobject.get('Subtype').toString() !== '/Form') continue;
        if (xobject.isIndirect() && drawing.has(xobject.asIndirect())) continue; // a cycle: mupdf refuses to recurse
        const formResources = xobject.get('Resources');
        const formCost = this.streamCost(xobject, formResources.isDictionary() ? formResources : resources, what, depth + 1, drawing);
        this.checkResources(formResources, what, 0);
        cost += uses * formCost;
        this.checkCost(cost, what);
      }
      if (objectNumber >= 0) drawing.delete(objectNumber);
    }
    if (objectNumber >= 0) this.formCosts.set(objectNumber, cost);
    return cost;
  }

  private countDecoded(objectNumber: number, size: number): void {
    if (objectNumber >= 0) {
      if (this.streamSizes.has(objectNumber)) return;
      this.streamSizes.set(objectNumber, size);
    }
    this.decodedTotal += size;
    if (this.decodedTotal > this.limits.maxDocumentBytes) {
      throw tooCostly(`the document's content expands to over ${mib(this.limits.maxDocumentBytes)}`);
    }
  }

  /** Images declaring too many pixels and tiling patterns with too many tiles (area 0: not known, skipped). */
  private checkResources(resources: mupdf.PDFObject, what: string, area: number): void {
    if (!resources.isDictionary()) return;
    const xobjects = resources.get('XObject');
    if (xobjects.isDictionary()) {
      for (const xobject of this.dictValues(xobjects)) {
        if (!xobject.isDictionary() || xobject.get('Subtype').toString() !== '/Image') continue;
        const width = xobject.get('Width').asNumber();
        const height = xobject.get('Height').asNumber();
        if (width * height > this.limits.maxPagePixels) {
          throw tooCostly(
            `${what} draws an image of ${width}x${height} = ${describeLimit(width * height)}, over the ${describeLimit(this.limits.maxPagePixels)} limit`,
          );
        }
      }
    }
    const patterns = resources.get('Pattern');
    if (area > 0 && patterns.isDictionary()) {
      for (const pattern of this.dictValues(patterns)) {
        if (!pattern.isDictionary() || pattern.get('PatternType').asNumber() !== 1) continue;
        const tileArea = this.tileArea(pattern);
        if (!(tileArea > 0)) continue; // no tiling at all: nothing for mupdf to repeat
        const tiles = area / tileArea;
        if (tiles > this.limits.maxPatternTiles) {
          throw tooCostly(
            `${what} fills with a tiling pattern of about ${tiles.toExponential(1)} tiles, over the ${this.limits.maxPatternTiles.toExponential(0)} limit`,
          );
        }
      }
    }
  }

  /** One tile's area in page space: |XStep × YStep × det(Matrix)|. */
  private tileArea(pattern: mupdf.PDFObject): number {
    const matrix = pattern.get('Matrix');
    const m = matrix.isArray() && matrix.length === 6 ? Array.from({ length: 6 }, (_, i) => matrix.get(i).asNumber()) : [1, 0, 0, 1, 0, 0];
    return Math.abs(pattern.get('XStep').asNumber() * pattern.get('YStep').asNumber() * (m[0] * m[3] - m[1] * m[2]));
  }

  /** The values of a dictionary. (`get` on a value that is not a dictionary throws in mupdf.js: callers check.) */
  private dictValues(dict: mupdf.PDFObject): mupdf.PDFObject[] {
    const values: mupdf.PDFObject[] = [];
    dict.forEach((value) => values.push(value));
    return values;
  }
}
