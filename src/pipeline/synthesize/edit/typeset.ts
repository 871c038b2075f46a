/**
 * Writing replacement text onto a page: one extra content stream appended after the page's own, so the original
 * streams stay as they are (apart from what the redaction itself rewrote).
 */
import type * as mupdf from 'mupdf';
import type { TypesetFont } from './fonts.ts';

export interface Placement {
  font: TypesetFont;
  bytes: Uint8Array;
  size: number;
  /** Text matrix in PDF user space: writing direction and baseline start. */
  matrix: [number, number, number, number, number, number];
  /** Fill colour, RGB 0..1. */
  color: [number, number, number];
}

const num = (v: number) => (Math.round(v * 1000) / 1000).toString();
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Name the font under the page's /Resources /Font, reusing the name it already has there. */
function resourceName(page: mupdf.PDFPage, doc: mupdf.PDFDocument, font: TypesetFont): string {
  const pageObj = page.getObject();
  let resources = pageObj.get('Resources');
  if (!resources.isDictionary()) {
    resources = pageObj.getInheritable('Resources').isDictionary() ? pageObj.getInheritable('Resources') : doc.newDictionary();
    pageObj.put('Resources', resources);
  }
  let fonts = resources.get('Font');
  if (!fonts.isDictionary()) {
    fonts = doc.newDictionary();
    resources.put('Font', fonts);
  }
  let found: string | undefined;
  const wanted = font.ref.isIndirect() ? font.ref.asIndirect() : -1;
  const taken = new Set<string>();
  fonts.forEach((value, key) => {
    taken.add(String(key));
    if (value.isIndirect() && value.asIndirect() === wanted) found = String(key);
  });
  if (found) return found;
  let n = 1;
  while (taken.has(`FEdit${n}`)) n++;
  fonts.put(`FEdit${n}`, font.ref);
  return `FEdit${n}`;
}

export function appendText(doc: mupdf.PDFDocument, page: mupdf.PDFPage, placements: Placement[]): void {
  if (placements.length === 0) return;
  const ops: string[] = ['q'];
  for (const p of placements) {
    const name = resourceName(page, doc, p.font);
    ops.push(
      'BT',
      `/${name} ${num(p.size)} Tf`,
      `${p.color.map(num).join(' ')} rg`,
      `${p.matrix.map(num).join(' ')} Tm`,
      `<${hex(p.bytes)}> Tj`,
      'ET',
    );
  }
  ops.push('Q');
  const stream = doc.addStream(ops.join('\n') + '\n', {});
  const pageObj = page.getObject();
  const contents = pageObj.get('Contents');
  if (contents.isArray()) {
    contents.push(stream);
  } else {
    const array = doc.newArray();
    if (!contents.isNull()) array.push(contents);
    array.push(stream);
    pageObj.put('Contents', array);
  }
}
