import type { ChartFinding, ItemPart } from '../charts/mod.ts';
import type { BBox, ModelPage } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { readingOrder, toMermaid } from './mermaid.ts';
import type { DiagramGraph } from './types.ts';

/** Thresholds of the diagram finding; sizes in pt. */
const FINDING = {
  /** Most end nodes named in a flowchart's summary (count). */
  namedEnds: 3,
  /** Confidence: base, weight of labelled nodes, weight of directed edges, bonus for a graph of this many nodes, ceiling. */
  confidenceBase: 0.5,
  confidenceLabelled: 0.2,
  confidenceDirected: 0.15,
  confidenceSizeBonus: 0.05,
  bonusMinNodes: 3,
  confidenceMax: 0.9,
  /** A title lies within this many of its font sizes above the diagram... */
  titleReach: 4,
  /** ...is bold or this many times the node labels' size... */
  titleSizeRatio: 1.15,
  /** ...and at most this long (characters). */
  titleMaxChars: 120,
} as const;

/** A diagram graph as a ChartFinding: kind, mermaid, title, summary, insights, parts and an honest confidence. */
export function graphFinding(graph: DiagramGraph, page: ModelPage, source: 'vector' | 'raster'): ChartFinding {
  const order = readingOrder(graph);
  const flow = isFlowchart(graph);
  const bbox = union([...graph.nodes.map((n) => n.bbox), ...graph.edges.map((e) => e.bbox)]);
  const parts: ItemPart[] = [
    ...order.map((i) => ({ bbox: graph.nodes[i].bbox, label: 'node' })),
    ...graph.edges.map((e) => ({ bbox: e.bbox, label: 'edge' })),
  ];
  const title = titleAbove(page, bbox);
  if (title) parts.unshift({ bbox: title.bbox, label: 'chart_title' });
  return {
    kind: flow ? 'flowchart' : 'diagram',
    bbox,
    title: title?.text ?? '',
    axes: { x_label: '', y_label: '' },
    series: [],
    mermaid: toMermaid(graph, order),
    insights: insights(graph, order),
    summary: summary(graph, order, flow),
    confidence: confidence(graph),
    parts,
    source,
  };
}

function isFlowchart(g: DiagramGraph): boolean {
  if (g.nodes.some((n) => n.shape === 'decision')) return true;
  const into = new Set(g.edges.filter((e) => e.directed && !e.both).map((e) => e.to));
  return g.edges.some((e) => e.directed && !e.both && into.has(e.from) && e.to !== e.from);
}

const name = (g: DiagramGraph, i: number) => g.nodes[i].label || `shape ${i + 1}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summary(g: DiagramGraph, order: number[], flow: boolean): string {
  const decisions = g.nodes.filter((n) => n.shape === 'decision').length;
  if (!flow) return `Diagram with ${plural(g.nodes.length, 'shape')} and ${plural(g.edges.length, 'connection')}.`;
  const directed = g.edges.filter((e) => e.directed && !e.both);
  const hasIn = new Set(directed.map((e) => e.to));
  const hasOut = new Set(directed.map((e) => e.from));
  const starts = order.filter((i) => !hasIn.has(i) && hasOut.has(i));
  const ends = order.filter((i) => hasIn.has(i) && !hasOut.has(i));
  const steps = g.nodes.length - decisions;
  let text = `Flowchart with ${plural(steps, 'step')}${decisions ? ` and ${plural(decisions, 'decision')}` : ''}`;
  if (starts.length && ends.length)
    text += `, from ${name(g, starts[0])} to ${ends
      .slice(0, FINDING.namedEnds)
      .map((i) => name(g, i))
      .join(' or ')}`;
  return `${text}.`;
}

function insights(g: DiagramGraph, order: number[]): string[] {
  const out: string[] = [];
  const rank = new Map(order.map((n, k) => [n, k]));
  for (const i of order) {
    if (g.nodes[i].shape !== 'decision') continue;
    const branches = g.edges
      .filter((e) => e.directed && e.from === i)
      .sort((a, b) => rank.get(a.to)! - rank.get(b.to)!)
      .map((e) => `${e.label || 'next'} → ${name(g, e.to)}`);
    if (branches.length) out.push(`Decision "${name(g, i)}": ${branches.join('; ')}.`);
  }
  for (const e of g.edges) {
    if (e.directed && !e.both && rank.get(e.to)! < rank.get(e.from)!) {
      out.push(`Loop: "${name(g, e.from)}" goes back to "${name(g, e.to)}"${e.label ? ` (${e.label})` : ''}.`);
    }
  }
  return out;
}

function confidence(g: DiagramGraph): number {
  const labelled = g.nodes.filter((n) => n.label !== '').length / g.nodes.length;
  const directed = g.edges.filter((e) => e.directed).length / Math.max(1, g.edges.length);
  const raw =
    FINDING.confidenceBase +
    FINDING.confidenceLabelled * labelled +
    FINDING.confidenceDirected * directed +
    (g.nodes.length >= FINDING.bonusMinNodes ? FINDING.confidenceSizeBonus : 0);
  return Math.round(Math.min(FINDING.confidenceMax, raw * g.certainty) * 100) / 100;
}

/** A heading just above the diagram (bigger or bolder than the node labels), not inside it. */
function titleAbove(page: ModelPage, box: BBox): { text: string; bbox: BBox } | null {
  const labelSize = Math.max(0, ...page.lines.filter((l) => l.bbox[1] >= box[1] && l.bbox[3] <= box[3]).map((l) => l.font.size));
  const candidates = page.lines.filter((l) => {
    const gap = box[1] - l.bbox[3];
    const overlaps = Math.min(l.bbox[2], box[2]) - Math.max(l.bbox[0], box[0]) > 0;
    return (
      gap >= 0 &&
      gap < FINDING.titleReach * l.font.size &&
      overlaps &&
      (l.font.bold || l.font.size > labelSize * FINDING.titleSizeRatio) &&
      l.text.length <= FINDING.titleMaxChars
    );
  });
  const best = candidates.sort((a, b) => b.bbox[3] - a.bbox[3])[0];
  return best ? { text: best.text.trim(), bbox: best.bbox } : null;
}
