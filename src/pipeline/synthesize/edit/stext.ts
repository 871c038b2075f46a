/**
 * Page text as mupdf's structured text reports it: lines of characters with their origin, quad, font, size and
 * colour. Coordinates are mupdf page space (points, y down), the same space annotations and quads use.
 */
import * as mupdf from 'mupdf';
import { union } from '../../model/geometry.ts';

export interface PageChar {
  c: string;
  origin: [number, number];
  /** x0, y0, x1, y1 of the character's quad. */
  box: [number, number, number, number];
  font: mupdf.Font;
  size: number;
  color: number[];
}

export interface PageLine {
  chars: PageChar[];
  /** The characters joined: index i of `text` is chars[i]. */
  text: string;
  box: [number, number, number, number];
  /** Writing direction; (1, 0) for ordinary horizontal text. */
  dir: [number, number];
}

const STEXT_OPTIONS = 'preserve-whitespace,preserve-spans';

function quadBox(q: number[]): [number, number, number, number] {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function readPageLines(page: mupdf.Page): PageLine[] {
  const lines: PageLine[] = [];
  let chars: PageChar[] = [];
  let dir: [number, number] = [1, 0];
  page.toStructuredText(STEXT_OPTIONS).walk({
    beginLine(_bbox, _wmode, direction) {
      chars = [];
      dir = [direction[0], direction[1]];
    },
    onChar(c, origin, font, size, quad, color) {
      chars.push({ c, origin: [origin[0], origin[1]], box: quadBox(quad as number[]), font, size, color: [...color] });
    },
    endLine() {
      if (chars.length === 0) return;
      lines.push({ chars, text: chars.map((ch) => ch.c).join(''), box: union(chars.map((ch) => ch.box)), dir });
    },
  });
  return lines;
}

/**
 * Lines as a reader sees them: the characters on one baseline sorted along the writing direction, spaces
 * re-derived from the gaps. Independent of the order the content stream drew them in, so text re-set by an edit
 * (drawn last) reads in place and the untouched lines read exactly as before; works for rotated pages too.
 */
export function visualLines(lines: PageLine[]): string[] {
  interface Placed {
    c: string;
    across: number;
    from: number;
    to: number;
    size: number;
  }
  const rows: { dirKey: string; across: number; chars: Placed[] }[] = [];
  for (const line of lines) {
    const n = Math.hypot(line.dir[0], line.dir[1]) || 1;
    const [dx, dy] = [line.dir[0] / n, line.dir[1] / n];
    const dirKey = `${Math.round(dx * 100)},${Math.round(dy * 100)}`;
    for (const ch of line.chars) {
      if (/\s/.test(ch.c)) continue;
      const [x0, y0, x1, y1] = ch.box;
      const along = [x0 * dx + y0 * dy, x1 * dx + y0 * dy, x0 * dx + y1 * dy, x1 * dx + y1 * dy];
      const placed = {
        c: ch.c,
        across: ch.origin[1] * dx - ch.origin[0] * dy,
        from: Math.min(...along),
        to: Math.max(...along),
        size: ch.size,
      };
      const tolerance = Math.max(1, 0.2 * ch.size);
      let row = rows.find((r) => r.dirKey === dirKey && Math.abs(r.across - placed.across) <= tolerance);
      if (!row) rows.push((row = { dirKey, across: placed.across, chars: [] }));
      row.chars.push(placed);
    }
  }
  rows.sort((a, b) => a.across - b.across);
  return rows.map((row) => {
    const chars = row.chars.sort((a, b) => a.from - b.from);
    let text = '';
    chars.forEach((ch, i) => {
      if (i > 0 && ch.from - chars[i - 1].to > 0.15 * ch.size) text += ' ';
      text += ch.c;
    });
    return text;
  });
}

/** The text of each page, one string per page: its visual lines joined by '\n'. */
export function textOfPages(bytes: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pages: string[] = [];
    for (let i = 0; i < doc.countPages(); i++) pages.push(visualLines(readPageLines(doc.loadPage(i))).join('\n'));
    return pages;
  } finally {
    doc.destroy();
  }
}
