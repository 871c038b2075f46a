import JSZip from 'jszip';
import { DocumentFormatError } from '../../../shared/errors.ts';
import { oneLine } from '../mupdf-util.ts';
import { XLSX } from './formats.ts';
import { escapeHtml, htmlPage } from './html.ts';
import { MAX_SHEET_CELLS } from './limits.ts';

/**
 * XLSX → HTML, one heading and one table per sheet (mupdf opens XLSX too, but drops inline strings and sheet
 * names). Cell values are shown as stored: numbers unformatted, dates as their serial numbers.
 */

interface Sheet {
  name: string;
  path: string;
}

type Grid = Map<number, Map<number, string>>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, ref: string) => {
    if (ref[0] === '#')
      return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? m;
  });
}

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag) ?? new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`).exec(tag);
  return match ? decodeXml(match[1]) : null;
}

/** The text of an <si> or <is>: its <t> runs, without phonetic guides. */
function runText(xml: string): string {
  const withoutPhonetics = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  return [...withoutPhonetics.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => decodeXml(m[1])).join('');
}

async function part(zip: JSZip, path: string): Promise<string | null> {
  const file = zip.file(path);
  return file ? file.async('string') : null;
}

async function sheetsOf(zip: JSZip): Promise<Sheet[]> {
  const workbook = await part(zip, 'xl/workbook.xml');
  if (workbook === null) throw new Error('it has no xl/workbook.xml');
  const rels = (await part(zip, 'xl/_rels/workbook.xml.rels')) ?? '';
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const sheets: Sheet[] = [];
  for (const [tag] of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const path = targets.get(attr(tag, 'r:id') ?? '');
    if (path) sheets.push({ name: attr(tag, 'name') ?? `Sheet${sheets.length + 1}`, path });
  }
  return sheets;
}

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '').toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function cellValue(tag: string, body: string, shared: string[]): string {
  const type = attr(tag, 't');
  if (type === 'inlineStr') return runText(body);
  const v = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body)?.[1];
  if (v === undefined) return '';
  const raw = decodeXml(v);
  if (type === 's') return shared[Number(raw)] ?? '';
  if (type === 'b') return raw === '1' ? 'TRUE' : 'FALSE';
  if (type === 'str' || type === 'e' || !/^-?[\d.]+(e[+-]?\d+)?$/i.test(raw)) return raw;
  return String(Number(Number(raw).toPrecision(15)));
}

/** Non-empty cells by row and column; counts against `budget` (cells left to MAX_SHEET_CELLS). */
function readGrid(xml: string, shared: string[], budget: { left: number }): Grid {
  const grid: Grid = new Map();
  let rowIndex = -1;
  for (const row of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = attr(row[0], 'r');
    rowIndex = r ? Number(r) - 1 : rowIndex + 1;
    let col = -1;
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attr(cell[0], 'r');
      col = ref ? columnIndex(ref) : col + 1;
      const value = cellValue(cell[0], cell[2] ?? '', shared).trim();
      if (value === '') continue;
      if (--budget.left < 0) throw new DocumentFormatError(`XLSX spreadsheet has more than ${MAX_SHEET_CELLS} non-empty cells`, XLSX, true);
      if (!grid.has(rowIndex)) grid.set(rowIndex, new Map());
      grid.get(rowIndex)?.set(col, value);
    }
  }
  return grid;
}

/** The bounding box of the non-empty cells as an HTML table; empty rows inside are kept (they are layout). */
function gridToTable(grid: Grid): string {
  const rows = [...grid.keys()];
  const cols = [...grid.values()].flatMap((r) => [...r.keys()]);
  const [top, bottom, left, right] = [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
  if ((bottom - top + 1) * (right - left + 1) > MAX_SHEET_CELLS) {
    throw new DocumentFormatError(`XLSX spreadsheet spans more than ${MAX_SHEET_CELLS} cells`, XLSX, true);
  }
  const lines: string[] = [];
  for (let r = top; r <= bottom; r++) {
    const row = grid.get(r);
    if (!row) continue;
    const cells: string[] = [];
    for (let c = left; c <= right; c++) cells.push(`<td>${escapeHtml(row.get(c) ?? '')}</td>`);
    lines.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table>${lines.join('\n')}</table>`;
}

export async function xlsxToHtml(bytes: Uint8Array): Promise<string> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (err) {
    throw new DocumentFormatError(`file is a XLSX spreadsheet but cannot be read: ${oneLine(err)}`, XLSX);
  }
  try {
    const sharedXml = (await part(zip, 'xl/sharedStrings.xml')) ?? '';
    const shared = [...sharedXml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>/g)].map((m) => runText(m[1]));
    const budget = { left: MAX_SHEET_CELLS };
    const sections: string[] = [];
    for (const sheet of await sheetsOf(zip)) {
      const xml = await part(zip, sheet.path);
      if (xml === null) continue;
      const grid = readGrid(xml, shared, budget);
      sections.push(`<h2>${escapeHtml(sheet.name)}</h2>${grid.size > 0 ? gridToTable(grid) : ''}`);
    }
    if (sections.length === 0) throw new Error('it has no worksheets');
    return htmlPage(sections.join('\n'));
  } catch (err) {
    if (err instanceof DocumentFormatError) throw err;
    throw new DocumentFormatError(`file is a XLSX spreadsheet but cannot be read: ${oneLine(err)}`, XLSX);
  }
}
