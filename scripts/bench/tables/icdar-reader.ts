import { readFileSync } from 'node:fs';
import type { Box, ExtractedCell, GroundTruthTable } from './types.ts';

/**
 * Readers for the ICDAR-2013 table competition ground truth: NAME-reg.xml (regions) and NAME-str.xml (cells).
 * Both give boxes in PDF points with the origin bottom-left and 1-based pages; they are converted to the
 * benchmark's top-left boxes with the page heights the caller reads from the PDF. The files are small and
 * regular (no CDATA, no nesting beyond table/region/cell), so a tag scanner is enough and needs no dependency.
 */

export class IcdarFormatError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'IcdarFormatError';
  }
}

/** A box as the files write it: PDF points, origin bottom-left. */
export interface BottomLeftBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface IcdarRegion {
  tableId: string;
  regionId: string;
  /** 1-based, as in the file. */
  page: number;
  box: BottomLeftBox | null;
}

export interface IcdarCell {
  startRow: number;
  endRow: number;
  startCol: number;
  endCol: number;
  box: BottomLeftBox | null;
  content: string;
}

export interface IcdarStructureRegion extends Omit<IcdarRegion, 'box'> {
  cells: IcdarCell[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** Attributes of one start tag; values may be single- or double-quoted. */
function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/gu)) found[m[1]] = decodeXmlEntities(m[2] ?? m[3] ?? '');
  return found;
}

/** Elements `<name ...>...</name>` (not nested in themselves) with their attributes and inner text. */
function elements(xml: string, name: string): { attrs: Record<string, string>; inner: string }[] {
  const pattern = new RegExp(`<${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${name}\\s*>)`, 'gu');
  return [...xml.matchAll(pattern)].map((m) => ({ attrs: attributes(m[1]), inner: m[2] ?? '' }));
}

function int(file: string, attrs: Record<string, string>, key: string, fallback?: number): number {
  const raw = attrs[key];
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (raw === undefined || !Number.isFinite(n)) throw new IcdarFormatError(file, `missing or bad ${key}="${raw ?? ''}"`);
  return n;
}

function boxIn(file: string, inner: string): BottomLeftBox | null {
  const box = elements(inner, 'bounding-box')[0];
  if (!box) return null;
  return { x1: int(file, box.attrs, 'x1'), y1: int(file, box.attrs, 'y1'), x2: int(file, box.attrs, 'x2'), y2: int(file, box.attrs, 'y2') };
}

function regionsOf(file: string, xml: string): { table: string; region: string; page: number; inner: string }[] {
  return elements(xml, 'table').flatMap((table) =>
    elements(table.inner, 'region').map((region) => ({
      table: table.attrs.id ?? '?',
      region: region.attrs.id ?? '1',
      page: int(file, region.attrs, 'page'),
      inner: region.inner,
    })),
  );
}

export function readRegions(file: string): IcdarRegion[] {
  return regionsOf(file, readFileSync(file, 'utf8')).map((r) => ({
    tableId: r.table,
    regionId: r.region,
    page: r.page,
    box: boxIn(file, r.inner),
  }));
}

export function readStructure(file: string): IcdarStructureRegion[] {
  return regionsOf(file, readFileSync(file, 'utf8')).map((r) => ({
    tableId: r.table,
    regionId: r.region,
    page: r.page,
    cells: elements(r.inner, 'cell').map(({ attrs, inner }) => {
      const startRow = int(file, attrs, 'start-row');
      const startCol = int(file, attrs, 'start-col');
      const content = elements(inner, 'content')[0]?.inner ?? '';
      return {
        startRow,
        startCol,
        endRow: int(file, attrs, 'end-row', startRow),
        endCol: int(file, attrs, 'end-col', startCol),
        box: boxIn(file, inner),
        content: decodeXmlEntities(content),
      };
    }),
  }));
}

export function toTopLeft(box: BottomLeftBox, pageHeight: number): Box {
  return [Math.min(box.x1, box.x2), pageHeight - Math.max(box.y1, box.y2), Math.max(box.x1, box.x2), pageHeight - Math.min(box.y1, box.y2)];
}

function unionBox(boxes: BottomLeftBox[]): BottomLeftBox | null {
  if (boxes.length === 0) return null;
  return {
    x1: Math.min(...boxes.map((b) => Math.min(b.x1, b.x2))),
    y1: Math.min(...boxes.map((b) => Math.min(b.y1, b.y2))),
    x2: Math.max(...boxes.map((b) => Math.max(b.x1, b.x2))),
    y2: Math.max(...boxes.map((b) => Math.max(b.y1, b.y2))),
  };
}

/**
 * On rotated pages (eu-015, /Rotate 90) the region boxes are in the displayed page's space, bottom-left origin,
 * so the displayed height (mupdf's page bounds) turns them top-left; the cell boxes there are not (their y runs
 * against the unrotated height), which is why cells only stand in for a missing region box.
 *
 * The ground-truth tables of one document: one per region (a table continued on the next page is one region a
 * page), its box from -reg.xml (or the union of its cells when the region file has none) and its cells from
 * -str.xml, matched by table id, region id and page. `pageHeight(i)` gives the height in points of page i (0-based).
 */
export function readGroundTruth(regFile: string, strFile: string, pageHeight: (pageIndex: number) => number): GroundTruthTable[] {
  const structure = readStructure(strFile);
  return readRegions(regFile).map((region) => {
    const str =
      structure.find((s) => s.tableId === region.tableId && s.page === region.page) ??
      structure.find((s) => s.tableId === region.tableId && s.regionId === region.regionId);
    const cells: ExtractedCell[] = (str?.cells ?? []).map((c) => ({
      row: c.startRow,
      col: c.startCol,
      rowspan: c.endRow - c.startRow + 1,
      colspan: c.endCol - c.startCol + 1,
      text: c.content,
    }));
    const box = region.box ?? unionBox((str?.cells ?? []).flatMap((c) => (c.box ? [c.box] : [])));
    if (!box) throw new IcdarFormatError(regFile, `table ${region.tableId} has no bounding box and no cell boxes`);
    const multi = structure.filter((s) => s.tableId === region.tableId).length > 1;
    return {
      id: multi ? `${region.tableId}.${region.regionId}` : region.tableId,
      pageIndex: region.page - 1,
      bbox: toTopLeft(box, pageHeight(region.page - 1)),
      cells,
    };
  });
}
