import { type FontFamily, PdfBuilder } from './pdf.ts';
import { type Script, scriptOps, scriptText, spacelessOps } from './synth-script.ts';
import { drawTable, randomTable } from './synth-tables.ts';
import {
  between,
  chance,
  label,
  paragraphOps,
  paragraphWords,
  pick,
  type Rand,
  sentence,
  seeded,
  textOp,
  textRightOp,
} from './synth-text.ts';

/**
 * Generated one-page documents for measuring table extraction on layouts nobody tuned for
 * (scripts/bench/tables/synthetic-set.ts): pages with tables among prose, captions, notes and running heads,
 * and table-free pages that look tabular to a naive detector (justified prose, two-column prose, bulleted and
 * numbered lists, forms, signature blocks). Some pages are set in Hebrew or Japanese (synth-script.ts). Every
 * page knows the tables it holds.
 */

export interface SynthPage {
  name: string;
  pdf: Buffer;
  /** Expected grids of the page's tables (none on a table-free page). */
  tables: string[][][];
  /** Layout kind and the tables' feature tags. */
  features: string[];
}

const PAGE: [number, number] = [612, 792];
/** Content may not run below this baseline (points from the page's foot). */
const BOTTOM_MARGIN = 30;

interface Frame {
  /** Width and height of the frame the content is set in (landscape on a turned page). */
  size: [number, number];
  x0: number;
  x1: number;
  rand: Rand;
  /** A second stream for the choices added after the set was first drawn (script, turned heads), so the
   * pages the first stream draws stay the same. */
  side: Rand;
  /** The page's script: its Latin words are rewritten at the end (synth-script.ts). */
  script: Script;
  family: FontFamily;
  fontSize: number;
  ops: string[];
  y: number;
}

function runningHeads(f: Frame): void {
  if (!chance(f.rand, 0.5)) return;
  f.ops.push(textOp(f.x0, f.size[1] - 40, label(f.rand, 4), 7), textRightOp(f.x1, 40, String(between(f.rand, 2, 300)), 8, f.family));
}

function paragraph(f: Frame, sentences = between(f.rand, 2, 5), x0 = f.x0, x1 = f.x1): void {
  const p = paragraphOps(paragraphWords(f.rand, sentences), x0, x1, f.y, f.fontSize, f.family, chance(f.rand, 0.6));
  f.ops.push(...p.ops);
  f.y = p.bottom - f.fontSize * 2;
}

function heading(f: Frame, text: string): void {
  f.ops.push(textOp(f.x0, f.y, text, f.fontSize + 2, true));
  f.y -= f.fontSize * 2.2;
}

/** A caption, the table, a notes line under it; returns the table's grid and features. */
function placeTable(f: Frame, x0: number, x1: number, maxCols: number, tags: string[]): string[][] {
  const table = randomTable(f.rand, f.family, maxCols, {
    verticalHeads: f.script === 'latin' && chance(f.side, 0.25),
    openFrame: chance(f.side, 0.4),
    numbers: f.script === 'latin' ? pick(f.side, ['en', 'en', 'de', 'fr'] as const) : 'en',
    blankShare: chance(f.side, 0.2) ? 0.3 : 0,
    ruleFills: chance(f.side, 0.25),
    valign: pick(f.side, ['top', 'top', 'middle', 'bottom'] as const),
    side: f.side,
  });
  if (chance(f.rand, 0.7)) {
    f.ops.push(textOp(x0, f.y, `Table ${between(f.rand, 1, 12)}. ${label(f.rand, 5)}`, f.fontSize, chance(f.rand, 0.5)));
    f.y -= f.fontSize * 1.8;
  }
  const drawn = drawTable(table, x0, f.y + f.fontSize, x1 - x0);
  f.ops.push(...drawn.ops);
  f.y = drawn.box[1] - f.fontSize * 1.6;
  if (chance(f.rand, 0.5)) {
    tags.push('notes-below');
    const p = paragraphOps(
      `${pick(f.rand, ['Note:', 'Source:', 'Notes:'])} ${sentence(f.rand)} ${sentence(f.rand)}`.split(' '),
      x0,
      x1,
      f.y,
      f.fontSize - 1.5,
      f.family,
      false,
    );
    f.ops.push(...p.ops);
    f.y = p.bottom - f.fontSize * 2;
  }
  tags.push(...table.features);
  return drawn.expected.map((row) => row.map((cell) => scriptText(cell, f.script)));
}

type Composer = (f: Frame, tags: string[]) => string[][][];

const TABLE_PAGES: Record<string, Composer> = {
  single(f, tags) {
    if (chance(f.rand, 0.5)) heading(f, label(f.rand, 4));
    if (chance(f.rand, 0.8)) paragraph(f);
    const grid = placeTable(f, f.x0, f.x1, 12, tags);
    if (f.y > 200) paragraph(f);
    return [grid];
  },
  stacked(f, tags) {
    const a = placeTable(f, f.x0, f.x1, 6, tags);
    paragraph(f, 2);
    if (f.y < 300) return [a];
    return [a, placeTable(f, f.x0, f.x1, 6, tags)];
  },
  'side-by-side'(f, tags) {
    const mid = (f.x0 + f.x1) / 2;
    const top = f.y;
    const a = placeTable(f, f.x0, mid - 18, 3, tags);
    const yA = f.y;
    f.y = top;
    const b = placeTable(f, mid + 18, f.x1, 3, tags);
    f.y = Math.min(f.y, yA);
    return [a, b];
  },
  'between-columns'(f, tags) {
    const mid = (f.x0 + f.x1) / 2;
    const top = f.y;
    paragraph(f, 4, f.x0, mid - 12);
    const yLeft = f.y;
    f.y = top;
    paragraph(f, 4, mid + 12, f.x1);
    f.y = Math.min(f.y, yLeft);
    const grid = placeTable(f, f.x0, f.x1, 8, tags);
    const below = f.y;
    if (below > 200) {
      paragraph(f, 3, f.x0, mid - 12);
      f.y = below;
      paragraph(f, 3, mid + 12, f.x1);
    }
    return [grid];
  },
};

function bulletList(f: Frame, numbered: boolean): void {
  const n = between(f.rand, 3, 7);
  for (let i = 0; i < n; i++) {
    const marker = numbered ? `${i + 1}.` : '•';
    f.ops.push(textOp(f.x0 + 6, f.y, marker, f.fontSize));
    const p = paragraphOps(paragraphWords(f.rand, between(f.rand, 1, 2)), f.x0 + 24, f.x1, f.y, f.fontSize, f.family, chance(f.rand, 0.5));
    f.ops.push(...p.ops);
    f.y = p.bottom - f.fontSize * 1.6;
  }
}

function form(f: Frame): void {
  const n = between(f.rand, 5, 10);
  const labelWidth = 120;
  for (let i = 0; i < n; i++) {
    f.ops.push(textOp(f.x0, f.y, `${label(f.rand, 2)}:`, f.fontSize, true), textOp(f.x0 + labelWidth, f.y, label(f.rand, 4), f.fontSize));
    f.y -= f.fontSize * 2;
  }
}

function signatures(f: Frame): void {
  const mid = (f.x0 + f.x1) / 2 + 10;
  for (const x of [f.x0, mid]) f.ops.push(textOp(x, f.y, label(f.rand, 3).toUpperCase(), f.fontSize, true));
  f.y -= f.fontSize * 3;
  for (const field of ['By:', 'Name:', 'Title:', 'Date:']) {
    for (const x of [f.x0, mid]) {
      f.ops.push(textOp(x, f.y, field, f.fontSize), `0.5 w ${x + 40} ${f.y - 2} m ${x + 200} ${f.y - 2} l S`);
      if (field !== 'By:') f.ops.push(textOp(x + 44, f.y + 1, label(f.rand, 2), f.fontSize));
    }
    f.y -= f.fontSize * 2.4;
  }
}

const FREE_PAGES: Record<string, (f: Frame) => void> = {
  prose(f) {
    for (let i = 0; i < 4 && f.y > 160; i++) {
      if (chance(f.rand, 0.4)) heading(f, label(f.rand, 4));
      paragraph(f, between(f.rand, 3, 6));
    }
  },
  'two-column-prose'(f) {
    const mid = (f.x0 + f.x1) / 2;
    const top = f.y;
    for (const [x0, x1] of [
      [f.x0, mid - 12],
      [mid + 12, f.x1],
    ]) {
      f.y = top;
      for (let i = 0; i < 3 && f.y > 160; i++) paragraph(f, between(f.rand, 3, 5), x0, x1);
    }
  },
  lists(f) {
    paragraph(f, 2);
    bulletList(f, chance(f.rand, 0.5));
    if (f.y > 200) paragraph(f, 2);
  },
  form(f) {
    heading(f, label(f.rand, 3));
    form(f);
    if (f.y > 200) paragraph(f, 2);
  },
  signatures(f) {
    paragraph(f, 4);
    paragraph(f, 2);
    signatures(f);
  },
};

/** How a landscape page is turned onto the portrait sheet: its content drawn turned, or the page's /Rotate. */
type Turn = 'none' | 'content' | 'rotate-attribute';

function frame(rand: Rand, side: Rand, script: Script, turn: Turn): Frame {
  const margin = pick(rand, [54, 72]);
  const family: FontFamily = chance(rand, 0.5) ? 'helvetica' : 'times';
  const size: [number, number] = turn === 'none' ? PAGE : [PAGE[1], PAGE[0]];
  return {
    size,
    x0: margin,
    x1: size[0] - margin,
    rand,
    side,
    script,
    family,
    fontSize: pick(rand, [9, 10, 11]),
    ops: [],
    y: size[1] - margin - 10,
  };
}

function render(f: Frame, turn: Turn, spaceless: boolean): Buffer {
  const builder = new PdfBuilder();
  const ops = spaceless ? spacelessOps(f.ops, f.family) : f.ops;
  const scripted = scriptOps(builder.doc, ops, f.script, f.family, f.size[0]);
  const stream = scripted.ops.join('\n');
  const page = { family: f.family, extraFonts: scripted.fonts };
  if (turn === 'none') builder.page({ stream, size: PAGE, ...page });
  // Landscape content turned a quarter anticlockwise onto the portrait sheet: its text runs up the page.
  else if (turn === 'content') builder.page({ stream: `q 0 1 -1 0 ${PAGE[0]} 0 cm\n${stream}\nQ`, size: PAGE, ...page });
  else builder.page({ stream, size: f.size, ...page }).put('Rotate', 90);
  return builder.bytes();
}

/** Offset of the side stream's seed from the page's own (far beyond any page index). */
const SIDE_STREAM = 50_000;

/** Page `index` of the set drawn from `seed`: about two in three pages hold tables. */
export function synthPage(seed: number, index: number): SynthPage {
  const rand = seeded(seed * 100003 + index);
  const side = seeded(seed * 100003 + index + SIDE_STREAM);
  const withTables = rand() < 0.65;
  const turn: Turn = withTables && chance(rand, 0.12) ? pick(rand, ['content', 'rotate-attribute'] as const) : 'none';
  const script: Script = chance(side, 0.1) ? 'rtl' : chance(side, 0.11) ? 'cjk' : 'latin';
  // Latin text drawn word by word with no space characters, as many producers write it.
  const spaceless = script === 'latin' && chance(side, 0.25);
  for (;;) {
    // A draw whose content runs off the page is drawn again from where the random stream stands.
    const f = frame(rand, side, script, turn);
    runningHeads(f);
    const kinds = withTables ? TABLE_PAGES : FREE_PAGES;
    const kind = pick(rand, Object.keys(kinds));
    const tags = [
      `${withTables ? 'page' : 'free'}:${kind}`,
      ...(turn === 'none' ? [] : [`turned:${turn}`]),
      ...(script === 'latin' ? [] : [`script:${script}`]),
      ...(spaceless ? ['spaceless'] : []),
    ];
    const tables = withTables ? TABLE_PAGES[kind](f, tags) : (FREE_PAGES[kind](f), []);
    if (f.y < BOTTOM_MARGIN) continue;
    return {
      name: `synth-${seed}-${String(index).padStart(3, '0')}.pdf`,
      pdf: render(f, turn, spaceless),
      tables,
      features: [...new Set(tags)],
    };
  }
}
