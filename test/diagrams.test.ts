import { describe, expect, it } from 'vitest';
import type { ChartFinding } from '../src/pipeline/charts/types.ts';
import { describeFigure, findDiagrams } from '../src/pipeline/diagrams/mod.ts';
import { escapeLabel, readingOrder, toMermaid } from '../src/pipeline/diagrams/mermaid.ts';
import { drawPdfPages, rasterFromImage } from '../src/pipeline/drawing/mod.ts';
import {
  DRAWING,
  engineeringPdf,
  FLOW,
  flowchartImage,
  flowchartPdf,
  PHOTO,
  photoPdf,
  ruledTableImage,
  ruledTablePdf,
} from './helpers/diagram-docs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/** Reads a finding's mermaid back: node id → (shape brackets, label), and edges as (from label, to label, edge label). */
function parseMermaid(text: string): {
  nodes: Map<string, { open: string; label: string }>;
  edges: [string, string, string][];
  arrows: string[];
} {
  const nodes = new Map<string, { open: string; label: string }>();
  const raw: [string, string, string, string][] = [];
  const lines = text.split('\n');
  expect(lines[0]).toBe('flowchart TD');
  for (const line of lines.slice(1)) {
    const node = /^\s*(n\d+)(\(\[|\[\/|\(\(|\[|\(|\{)(.*?)(\]\)|\/\]|\)\)|\]|\)|\})$/.exec(line);
    const edge = /^\s*(n\d+) (-->|---|<-->)(?:\|(.*?)\|)? (n\d+)$/.exec(line);
    if (node) nodes.set(node[1], { open: node[2], label: node[3].replace(/^"|"$/g, '') });
    else if (edge) raw.push([edge[1], edge[4], edge[3] ?? '', edge[2]]);
    else throw new Error(`unexpected mermaid line: ${line}`);
  }
  const label = (id: string) => nodes.get(id)?.label ?? `?${id}`;
  return { nodes, edges: raw.map(([a, b, l]) => [label(a), label(b), l]), arrows: raw.map((r) => r[3]) };
}

const sortTriples = (t: [string, string, string][]) => [...t].sort((a, b) => a.join('|').localeCompare(b.join('|')));

function expectFlowchart(f: ChartFinding, source: 'vector' | 'raster'): void {
  expect(f.kind).toBe('flowchart');
  expect(f.source).toBe(source);
  const { nodes, edges, arrows } = parseMermaid(f.mermaid ?? '');
  expect(sortTriples(edges)).toEqual(sortTriples(FLOW.expectedEdges));
  expect(arrows.every((a) => a === '-->')).toBe(true);
  const shapeOf = (label: string) => [...nodes.values()].find((n) => n.label === label)?.open;
  expect(shapeOf('Start')).toBe('([');
  expect(shapeOf('End')).toBe('([');
  expect(shapeOf('Read input')).toBe('[');
  expect(shapeOf('Process')).toBe('[');
  expect(shapeOf('Valid?')).toBe('{');
  // Ids follow reading order: Start is n1, End is n5.
  expect(nodes.get('n1')?.label).toBe('Start');
  expect(nodes.get('n5')?.label).toBe('End');
  expect(f.summary).toBe('Flowchart with 4 steps and 1 decision, from Start to End.');
  expect(f.insights).toContain('Decision "Valid?": No → Read input; Yes → Process.');
  expect(f.parts.filter((p) => p.label === 'node')).toHaveLength(5);
  expect(f.parts.filter((p) => p.label === 'edge')).toHaveLength(5);
  expect(f.confidence).toBeGreaterThan(0.5);
  expect(f.confidence).toBeLessThanOrEqual(0.9);
}

describe('findDiagrams on a vector flowchart', () => {
  it('reads shapes, arrow directions and Yes/No edge labels into mermaid', () => {
    const bytes = flowchartPdf();
    const [drawing] = drawPdfPages(bytes, [0]);
    const page = modelOfPdf(bytes).pages[0];
    const found = findDiagrams({ page, drawing, raster: null, engineering: false });
    expect(found).toHaveLength(1);
    expectFlowchart(found[0], 'vector');
    expect(found[0].title).toBe(FLOW.title);
    expect(found[0].insights).toContain('Loop: "Valid?" goes back to "Read input" (No).');
  });

  it('joins elbow connectors drawn as separate segments', () => {
    const bytes = flowchartPdf(true);
    const [drawing] = drawPdfPages(bytes, [0]);
    const page = modelOfPdf(bytes).pages[0];
    const found = findDiagrams({ page, drawing, raster: null, engineering: false });
    expect(found).toHaveLength(1);
    expectFlowchart(found[0], 'vector');
  });
});

describe('findDiagrams on a flowchart image', () => {
  it('finds the same edges from pixels and OCR lines', async () => {
    const { png, page } = await flowchartImage(1.5);
    const raster = await rasterFromImage(png, 0);
    const found = findDiagrams({ page, drawing: null, raster, engineering: false });
    expect(found).toHaveLength(1);
    expectFlowchart(found[0], 'raster');
  });

  it('finds the same edges when shapes are filled, one of them without an outline', async () => {
    const { png, page } = await flowchartImage(2, true);
    const raster = await rasterFromImage(png, 0);
    const found = findDiagrams({ page, drawing: null, raster, engineering: false });
    expect(found).toHaveLength(1);
    expectFlowchart(found[0], 'raster');
  });

  it('finds nothing in the same image without text lines to anchor the shapes', async () => {
    const { png, page } = await flowchartImage(1.5);
    const raster = await rasterFromImage(png, 0);
    expect(findDiagrams({ page: { ...page, lines: [] }, drawing: null, raster, engineering: false })).toEqual([]);
  });
});

describe('engineering drawings', () => {
  const bytes = engineeringPdf();
  const [drawing] = drawPdfPages(bytes, [0]);
  const page = modelOfPdf(bytes).pages[0];

  it('reads the title block, dimensions and notes, detected without the billing profile', () => {
    const found = findDiagrams({ page, drawing, raster: null, engineering: false });
    expect(found).toHaveLength(1);
    const f = found[0];
    expect(f.kind).toBe('engineering_diagram');
    expect(f.title).toBe('Mounting Bracket');
    for (const insight of DRAWING.expectedInsights) expect(f.insights).toContain(insight);
    for (const dim of DRAWING.dimensions) expect(f.insights).toContain(`Dimension: ${dim}`);
    expect(f.insights).toContain(`Note: 1. ${DRAWING.note}`);
    expect(f.parts.filter((p) => p.label === 'title_block')).toHaveLength(1);
    expect(f.parts.filter((p) => p.label === 'dimension')).toHaveLength(2);
    // The title block sits in the bottom-right quarter of the sheet.
    const tb = f.parts.find((p) => p.label === 'title_block')!.bbox;
    expect(tb[0]).toBeGreaterThan(drawing.width / 2);
    expect(tb[1]).toBeGreaterThan(drawing.height / 2);
  });

  it('reads a scanned sheet from its text lines alone under the engineering profile', () => {
    const found = findDiagrams({ page, drawing: null, raster: null, engineering: true });
    expect(found).toHaveLength(1);
    for (const insight of DRAWING.expectedInsights) expect(found[0].insights).toContain(insight);
    expect(found[0].source).toBe('raster');
    expect(found[0].confidence).toBeLessThan(0.85);
  });

  it('does not take the part outline for a flowchart', () => {
    const found = findDiagrams({ page, drawing, raster: null, engineering: true });
    expect(found.map((f) => f.kind)).toEqual(['engineering_diagram']);
  });
});

describe('no diagram where there is none', () => {
  it('a ruled table is not a diagram', () => {
    const bytes = ruledTablePdf();
    const [drawing] = drawPdfPages(bytes, [0]);
    const page = modelOfPdf(bytes).pages[0];
    expect(findDiagrams({ page, drawing, raster: null, engineering: false })).toEqual([]);
    expect(findDiagrams({ page, drawing, raster: null, engineering: true })).toEqual([]);
  });

  it('a ruled table in an image is not a diagram either', async () => {
    const { png, page } = await ruledTableImage(1.5);
    const raster = await rasterFromImage(png, 0);
    expect(findDiagrams({ page, drawing: null, raster, engineering: false })).toEqual([]);
  });

  it('odd input gives [] instead of throwing', () => {
    const page = modelOfPdf(ruledTablePdf()).pages[0];
    const broken = {
      page_index: 0,
      width: 10,
      height: 10,
      glyphs: [],
      paths: [
        {
          subpaths: [{ points: [], closed: true, curved: false }],
          lineWidth: 1,
          bbox: [0, 0, 0, 0] as [number, number, number, number],
          order: 0,
        },
      ],
      truncated: false,
    };
    expect(findDiagrams({ page, drawing: broken, raster: null, engineering: false })).toEqual([]);
    expect(
      findDiagrams({ page, drawing: null, raster: { page_index: 0, width: 3, height: 3, data: new Uint8Array(5) }, engineering: false }),
    ).toEqual([]);
  });
});

describe('mermaid text', () => {
  it('quotes labels that are not plain words and keeps shapes', () => {
    const box = (x: number): [number, number, number, number] => [x, 0, x + 50, 20];
    const graph = {
      certainty: 1,
      nodes: [
        { shape: 'box' as const, bbox: box(100), outline: [], label: 'Say "hi" [now]' },
        { shape: 'circle' as const, bbox: box(0), outline: [], label: 'Hub' },
      ],
      edges: [{ from: 0, to: 1, directed: false, both: false, label: 'a|b', bbox: box(0) }],
    };
    expect(toMermaid(graph, readingOrder(graph))).toBe(
      'flowchart TD\n  n1((Hub))\n  n2["Say #quot;hi#quot; [now]"]\n  n2 ---|"a#124;b"| n1',
    );
    expect(escapeLabel('Valid?')).toBe('Valid?');
    expect(escapeLabel('')).toBe('" "');
  });
});

describe('describeFigure', () => {
  it('describes a photo from its caption and the sentence that cites it', () => {
    const page = modelOfPdf(photoPdf()).pages[0];
    const figure = page.blocks.find((b) => b.type === 'figure');
    expect(figure).toBeDefined();
    const f = describeFigure(page, figure!.bbox);
    expect(f.kind).toBe('figure');
    expect(f.title).toBe(PHOTO.caption);
    expect(f.summary).toContain(PHOTO.caption);
    expect(f.summary).toContain(PHOTO.reference);
    expect(f.parts).toEqual([{ bbox: expect.any(Array), label: 'caption' }]);
    expect(f.confidence).toBeGreaterThan(0.3);
    expect(f.confidence).toBeLessThanOrEqual(0.6);
  });

  it('says so when a figure has no caption', () => {
    const page = modelOfPdf(photoPdf()).pages[0];
    const f = describeFigure({ ...page, blocks: [], lines: [] }, [10, 10, 200, 200]);
    expect(f.title).toBe('');
    expect(f.summary).toBe('Figure without a caption or nearby description.');
    expect(f.confidence).toBeLessThan(0.3);
  });
});
