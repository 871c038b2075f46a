import * as mupdf from 'mupdf';
import { pdfText } from './pdf.ts';

/**
 * Born-digital PDFs with known formulas for the equation suites, drawn with mupdf at test time. Letters in
 * Times-Italic, digits and operators in Times-Roman, Greek and math symbols in Symbol (with a ToUnicode map, as
 * real producers write, so the text layer carries the right Unicode). Scripts are raised/lowered smaller glyphs,
 * fraction bars and radical overbars are filled thin rectangles: the geometry is real.
 * Coordinates are PDF points, origin bottom-left, US Letter.
 */

/** A run of text: font R (Times-Roman), I (Times-Italic), B (Times-Bold), S (Symbol, text in Unicode). */
export interface MathRun {
  font: 'R' | 'I' | 'B' | 'S';
  size: number;
  x: number;
  y: number;
  text: string;
}

/** Unicode → Symbol font code, for the characters the tests use. */
const SYMBOL_CODES: Record<string, number> = {
  α: 0x61,
  β: 0x62,
  π: 0x70,
  γ: 0x67,
  '∑': 0xe5,
  '√': 0xd6,
  '−': 0x2d,
  '∫': 0xf2,
  '∞': 0xa5,
  '≤': 0xa3,
  '∂': 0xb6,
  '∇': 0xd1,
  '×': 0xb4,
  '·': 0xd7,
  '→': 0xae,
  '∈': 0xce,
  '±': 0xb1,
  '≠': 0xb9,
  '=': 0x3d,
  '+': 0x2b,
};

function symbolToUnicodeCMap(): string {
  const entries = Object.entries(SYMBOL_CODES).map(
    ([c, code]) => `<${code.toString(16).padStart(2, '0')}> <${c.codePointAt(0)!.toString(16).padStart(4, '0')}>`,
  );
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /SymbolUnicode def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${entries.length} beginbfchar`,
    ...entries,
    'endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

function encode(run: MathRun): string {
  if (run.font !== 'S') return `(${pdfText(run.text)})`;
  const codes = [...run.text].map((c) => {
    const code = SYMBOL_CODES[c];
    if (code === undefined) throw new Error(`no Symbol code for ${c}`);
    return code.toString(16).padStart(2, '0');
  });
  return `<${codes.join('')}>`;
}

/** A page: text runs, plus thin filled rules [x, y, width, height] in points. */
export interface MathPage {
  runs: MathRun[];
  rules?: [number, number, number, number][];
}

export function mathPdf(pages: MathPage[]): Buffer {
  const doc = new mupdf.PDFDocument();
  const symbol = doc.addSimpleFont(new mupdf.Font('Symbol'));
  symbol.resolve().put('ToUnicode', doc.addStream(symbolToUnicodeCMap(), {}));
  const fonts = {
    R: doc.addSimpleFont(new mupdf.Font('Times-Roman')),
    I: doc.addSimpleFont(new mupdf.Font('Times-Italic')),
    B: doc.addSimpleFont(new mupdf.Font('Times-Bold')),
    S: symbol,
  };
  for (const page of pages) {
    const text = page.runs.map((r) => `BT /${r.font} ${r.size} Tf ${r.x} ${r.y} Td ${encode(r)} Tj ET`);
    const rules = (page.rules ?? []).map(([x, y, w, h]) => `${x} ${y} ${w} ${h} re f`);
    const resources = doc.addObject({ Font: fonts });
    doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, [...text, ...rules].join('\n')));
  }
  // Copy out of WASM memory at once: the view is detached when mupdf's heap grows.
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}

/** Lays glyph runs left to right from x: each part is [font, size, text, baseline offset]; returns runs and the end x. */
export function sequence(x: number, y: number, parts: [MathRun['font'], number, string, number?][]): { runs: MathRun[]; end: number } {
  const runs: MathRun[] = [];
  let pen = x;
  for (const [font, size, text, rise = 0] of parts) {
    runs.push({ font, size, x: pen, y: y + rise, text });
    pen += approximateWidth(font, size, text) + size * 0.15;
  }
  return { runs, end: pen };
}

/** Rough advance widths (Times/Symbol average); only used to place the next run without overlap. */
function approximateWidth(font: MathRun['font'], size: number, text: string): number {
  const wide = font === 'S' ? 0.62 : 0.5;
  return [...text].reduce((sum, c) => sum + (c === ' ' ? 0.25 : /[=+−∑]/u.test(c) ? 0.6 : wide) * size, 0);
}

const PROSE = [
  'The committee reviewed the annual budget and approved the spending plan for the coming year.',
  'Several members asked questions about travel costs and the new office lease in the city centre.',
];

/** Prose lines above a formula, so the detector has to tell them apart. */
function prose(top: number): MathRun[] {
  return PROSE.map((text, i) => ({ font: 'R' as const, size: 11, x: 72, y: top - i * 14, text }));
}

export interface MathCase {
  name: string;
  page: MathPage;
  /** Expected LaTeX (compared as comparableTokens). */
  latex: string;
  tag?: string;
}

const Y = 600;

function display(parts: [MathRun['font'], number, string, number?][], x = 230): MathRun[] {
  return sequence(x, Y, parts).runs;
}

export const MATH_CASES: MathCase[] = [
  (() => {
    const left = display([
      ['I', 14, 'x'],
      ['S', 14, '='],
    ]);
    const num = sequence(268, Y + 10, [
      ['I', 14, 'a'],
      ['S', 14, '+'],
      ['I', 14, 'b'],
    ]).runs;
    const den = sequence(268, Y - 12, [
      ['I', 14, 'c'],
      ['S', 14, '−'],
      ['I', 14, 'd'],
    ]).runs;
    return {
      name: 'fraction',
      page: { runs: [...prose(700), ...left, ...num, ...den], rules: [[266, Y + 4, 44, 0.6]] },
      latex: 'x = \\frac{a + b}{c - d}',
    };
  })(),
  {
    name: 'superscripts',
    page: {
      runs: [
        ...prose(700),
        ...display([
          ['I', 14, 'x'],
          ['R', 9, '2', 6],
          ['S', 14, '+'],
          ['I', 14, 'y'],
          ['R', 9, '2', 6],
          ['S', 14, '='],
          ['I', 14, 'z'],
          ['R', 9, '2', 6],
        ]),
      ],
    },
    latex: 'x^{2} + y^{2} = z^{2}',
  },
  {
    name: 'subscripts',
    page: {
      runs: [
        ...prose(700),
        ...display([
          ['I', 14, 'y'],
          ['I', 9, 'i', -4],
          ['S', 14, '='],
          ['I', 14, 'x'],
          ['I', 9, 'i', -4],
          ['S', 14, '+'],
          ['R', 14, '1'],
        ]),
      ],
    },
    latex: 'y_{i} = x_{i} + 1',
  },
  (() => {
    const left = display([
      ['I', 14, 'S'],
      ['S', 14, '='],
    ]);
    const sigma: MathRun = { font: 'S', size: 24, x: 268, y: Y - 4, text: '∑' };
    const upper: MathRun = { font: 'I', size: 9, x: 275, y: Y + 18, text: 'n' };
    const lower = sequence(268, Y - 14, [
      ['I', 9, 'i'],
      ['S', 9, '='],
      ['R', 9, '1'],
    ]).runs;
    const body: MathRun = { font: 'I', size: 14, x: 292, y: Y, text: 'i' };
    return {
      name: 'sum with limits',
      page: { runs: [...prose(700), ...left, sigma, upper, ...lower, body] },
      latex: 'S = \\sum_{i = 1}^{n} i',
    };
  })(),
  {
    name: 'greek',
    page: {
      runs: [
        ...prose(700),
        ...display([
          ['S', 14, 'α'],
          ['S', 14, '+'],
          ['S', 14, 'β'],
          ['S', 14, '='],
          ['S', 14, 'π'],
        ]),
      ],
    },
    latex: '\\alpha + \\beta = \\pi',
  },
  (() => {
    const left = display([
      ['I', 14, 'A'],
      ['S', 14, '='],
    ]);
    const open: MathRun = { font: 'R', size: 34, x: 262, y: Y - 9, text: '(' };
    const row1 = [
      { font: 'I' as const, size: 14, x: 276, y: Y + 8, text: 'a' },
      { font: 'I' as const, size: 14, x: 300, y: Y + 8, text: 'b' },
    ];
    const row2 = [
      { font: 'I' as const, size: 14, x: 276, y: Y - 10, text: 'c' },
      { font: 'I' as const, size: 14, x: 300, y: Y - 10, text: 'd' },
    ];
    const close: MathRun = { font: 'R', size: 34, x: 314, y: Y - 9, text: ')' };
    return {
      name: 'matrix',
      page: { runs: [...prose(700), ...left, open, ...row1, ...row2, close] },
      latex: 'A = \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}',
    };
  })(),
  (() => {
    const left = display([
      ['I', 14, 'r'],
      ['S', 14, '='],
    ]);
    const radical: MathRun = { font: 'S', size: 16, x: 264, y: Y - 2, text: '√' };
    const body = sequence(276, Y, [
      ['I', 14, 'x'],
      ['S', 14, '+'],
      ['R', 14, '1'],
    ]).runs;
    return {
      name: 'square root',
      page: { runs: [...prose(700), ...left, radical, ...body], rules: [[273.5, Y + 12, 40, 0.6]] },
      latex: 'r = \\sqrt{x + 1}',
    };
  })(),
  (() => {
    const left = display([
      ['I', 14, 'r'],
      ['S', 14, '='],
    ]);
    const index: MathRun = { font: 'R', size: 7, x: 262, y: Y + 6, text: '3' };
    const radical: MathRun = { font: 'S', size: 16, x: 264, y: Y - 2, text: '√' };
    const body: MathRun = { font: 'I', size: 14, x: 277, y: Y, text: 'x' };
    return {
      name: 'root with index',
      page: { runs: [...prose(700), ...left, index, radical, body], rules: [[273.5, Y + 12, 12, 0.6]] },
      latex: 'r = \\sqrt[3]{x}',
    };
  })(),
  {
    name: 'nested scripts',
    page: {
      runs: [
        ...prose(700),
        ...display([
          ['I', 14, 'y'],
          ['S', 14, '='],
          ['I', 14, 'e'],
          ['I', 9, 'x', 6],
          ['I', 6, 'i', 3],
        ]),
      ],
    },
    latex: 'y = e^{x_{i}}',
  },
  {
    name: 'function names',
    page: {
      runs: [
        ...prose(700),
        ...display([
          ['R', 14, 'sin'],
          ['I', 14, 'x'],
          ['S', 14, '+'],
          ['R', 14, 'log'],
          ['I', 14, 'y'],
        ]),
      ],
    },
    latex: '\\sin x + \\log y',
  },
  (() => {
    const left = display([
      ['I', 14, 'B'],
      ['S', 14, '='],
    ]);
    const open: MathRun = { font: 'R', size: 34, x: 262, y: Y - 9, text: '[' };
    const cells = [
      [276, Y + 8, '1'],
      [300, Y + 8, '0'],
      [276, Y - 10, '0'],
      [300, Y - 10, '1'],
    ] as const;
    const body = cells.map(([x, y, text]) => ({ font: 'R' as const, size: 14, x, y, text }));
    const close: MathRun = { font: 'R', size: 34, x: 314, y: Y - 9, text: ']' };
    return {
      name: 'bracket matrix',
      page: { runs: [...prose(700), ...left, open, ...body, close] },
      latex: 'B = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix}',
    };
  })(),
  (() => {
    const left = display([
      ['I', 14, 'q'],
      ['S', 14, '='],
    ]);
    const open: MathRun = { font: 'R', size: 30, x: 262, y: Y - 7, text: '(' };
    const num: MathRun = { font: 'I', size: 14, x: 278, y: Y + 10, text: 'a' };
    const den: MathRun = { font: 'I', size: 14, x: 278, y: Y - 12, text: 'b' };
    const close: MathRun = { font: 'R', size: 30, x: 292, y: Y - 7, text: ')' };
    return {
      name: 'tall parentheses',
      page: { runs: [...prose(700), ...left, open, num, den, close], rules: [[274, Y + 4, 14, 0.6]] },
      latex: 'q = \\left( \\frac{a}{b} \\right)',
    };
  })(),
  (() => {
    const left = display([
      ['I', 14, 'y'],
      ['S', 14, '='],
    ]);
    const num: MathRun = { font: 'R', size: 14, x: 286, y: Y + 10, text: '1' };
    const den = sequence(268, Y - 17, [
      ['R', 14, '1'],
      ['S', 14, '+'],
    ]).runs;
    const innerNum: MathRun = { font: 'R', size: 10, x: 299, y: Y - 10, text: '1' };
    const innerDen: MathRun = { font: 'I', size: 10, x: 299, y: Y - 26, text: 'x' };
    return {
      name: 'nested fraction',
      page: {
        runs: [...prose(700), ...left, num, ...den, innerNum, innerDen],
        rules: [
          [266, Y + 4, 44, 0.6],
          [297, Y - 14, 10, 0.5],
        ],
      },
      latex: 'y = \\frac{1}{1 + \\frac{1}{x}}',
    };
  })(),
  {
    name: 'equation number',
    page: {
      runs: [
        ...prose(700),
        ...display([
          ['I', 14, 'E'],
          ['S', 14, '='],
          ['I', 14, 'm'],
          ['I', 14, 'c'],
          ['R', 9, '2', 6],
        ]),
        { font: 'R', size: 12, x: 520, y: Y, text: '(1)' },
      ],
    },
    latex: 'E = m c^{2}',
    tag: '1',
  },
];

/** One page of ordinary prose (Times-Roman, a few italic words): no formulas. */
export function prosePdf(): Buffer {
  const lines = [
    'Rivers carry sediment from the mountains to the plains where farmers have grown wheat for centuries.',
    'Each spring the floods renew the soil and the villages along the banks hold markets after the harvest.',
    'Engineers later built dams that tamed the water but also changed the fish migrations in the delta.',
  ];
  const runs: MathRun[] = lines.map((text, i) => ({ font: 'R', size: 11, x: 72, y: 700 - i * 14, text }));
  runs.push({ font: 'I', size: 11, x: 72, y: 700 - 3 * 14, text: 'A note on style: italic words are not mathematics.' });
  return mathPdf([{ runs }]);
}

export const INLINE_LINE = { before: 'The angle', math: 'α', after: 'is measured from the axis and the area of the field grows quickly.' };

export const INLINE_SQUARE = { before: 'The area grows like', after: ' when the side doubles in the spring.' };

/**
 * Prose lines with inline math: a Greek letter set in Symbol (`\alpha`) and an italic x with a raised 2 (`x^{2}`);
 * a footnote mark after a word is not math.
 */
export function inlineMathPdf(): Buffer {
  const { runs } = sequence(72, 700, [
    ['R', 11, INLINE_LINE.before],
    ['S', 11, INLINE_LINE.math],
    ['R', 11, INLINE_LINE.after],
  ]);
  const more: MathRun = {
    font: 'R',
    size: 11,
    x: 72,
    y: 686,
    text: 'Farmers measured it every spring along the old river bank near the mill.',
  };
  const square = sequence(72, 672, [
    ['R', 11, INLINE_SQUARE.before],
    ['I', 11, 'x'],
    ['R', 7, '2', 4],
    ['R', 11, INLINE_SQUARE.after],
  ]).runs;
  const footnote = sequence(72, 658, [
    ['R', 11, 'A footnote mark follows this sentence'],
    ['R', 7, '3', 4],
    ['R', 11, 'and it is not math at all.'],
  ]).runs;
  return mathPdf([{ runs: [...runs, more, ...square, ...footnote] }]);
}
