import type { BBox } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { insideBox, insidePolygon, pointPolylineDistance, type Pt } from './polylines.ts';
import { labelEdges, labelShapes, phrases, type TextItem } from './labels.ts';
import type { DiagramEdge, DiagramGraph, DiagramNode, ShapeOutline } from './types.ts';

/** A connector between two shapes as a reader saw it, before labels and direction are settled. */
export interface RawLink {
  a: number;
  b: number;
  headAtA: boolean;
  headAtB: boolean;
  /** Distance from a text box to the connector (for edge labels). */
  distanceTo: (b: BBox) => number;
  bbox: BBox;
}

/** The shape a connector end touches: on or near its outline, or inside it; the nearest wins. */
export function shapeAt(p: Pt, shapes: readonly ShapeOutline[], tol: number): number {
  let best = -1;
  let bestD = Infinity;
  shapes.forEach((s, i) => {
    if (!insideBox(p, s.bbox, tol)) return;
    const d = insidePolygon(p, s.outline) ? 0 : pointPolylineDistance(p, s.outline, true);
    if (d <= tol && d < bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/**
 * Graphs from shapes, links and text: labels, directions, then one graph per connected group of shapes. A group
 * counts as a diagram only with an arrowhead or two links, and a link between two labelled shapes (conservative:
 * boxes that happen to touch a line are not a diagram, and callout boxes pointing into a picture are not either).
 */
export function assembleGraphs(
  shapes: readonly ShapeOutline[],
  links: readonly RawLink[],
  items: readonly TextItem[],
  certainty: number,
): DiagramGraph[] {
  const real = dedupeLinks(links.filter((l) => l.a !== l.b));
  if (real.length === 0) return [];
  const { labels, used } = labelShapes(shapes, items);
  const edgeText = labelEdges(
    real.map((l) => l.distanceTo),
    phrases(items, used),
  );
  const edges: DiagramEdge[] = real.map((l, i) => toEdge(l, edgeText.labels[i], edgeText.boxes[i]));
  const nodes: DiagramNode[] = shapes.map((s, i) => ({ ...s, label: labels[i] }));
  return components(nodes.length, edges)
    .map((members) => subgraph(nodes, edges, members, certainty))
    .filter(
      (g) =>
        (g.edges.some((e) => e.directed) || g.edges.length >= 2) &&
        g.edges.some((e) => g.nodes[e.from].label !== '' && g.nodes[e.to].label !== ''),
    );
}

function toEdge(l: RawLink, label: string, labelBox: BBox | null): DiagramEdge {
  const bbox = labelBox ? union([l.bbox, labelBox]) : l.bbox;
  if (l.headAtA && !l.headAtB) return { from: l.b, to: l.a, directed: true, both: false, label, bbox };
  return { from: l.a, to: l.b, directed: l.headAtB, both: l.headAtA && l.headAtB, label, bbox };
}

/** The same pair linked twice the same way (a line drawn twice) is one edge. */
function dedupeLinks(links: RawLink[]): RawLink[] {
  const seen = new Set<string>();
  return links.filter((l) => {
    const key = `${l.a}:${l.b}:${l.headAtA}:${l.headAtB}:${Math.round(l.bbox[0])}:${Math.round(l.bbox[1])}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function components(n: number, edges: readonly DiagramEdge[]): number[][] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (const e of edges) parent[find(e.from)] = find(e.to);
  const groups = new Map<number, number[]>();
  const linked = new Set(edges.flatMap((e) => [e.from, e.to]));
  for (let i = 0; i < n; i++) {
    if (!linked.has(i)) continue;
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), i]);
  }
  return [...groups.values()];
}

function subgraph(nodes: DiagramNode[], edges: DiagramEdge[], members: number[], certainty: number): DiagramGraph {
  const index = new Map(members.map((m, i) => [m, i]));
  const mine = edges.filter((e) => index.has(e.from)).map((e) => ({ ...e, from: index.get(e.from)!, to: index.get(e.to)! }));
  return { nodes: members.map((m) => nodes[m]), edges: mine, certainty };
}
