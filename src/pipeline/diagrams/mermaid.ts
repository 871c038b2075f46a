import { center, height } from '../model/geometry.ts';
import type { DiagramGraph, NodeShape } from './types.ts';

/**
 * Mermaid text for a diagram graph: `flowchart TD`, nodes n1.. in reading order (rows top to bottom, then left to
 * right), shapes by node type, `-->` for arrows (`<-->` both ways), `---` for plain lines, `-->|label|` for
 * labelled edges. Labels that are not plain words are quoted, with quotes written as `#quot;`.
 */
/** Nodes whose centres are within this share of the smaller node's height are on one row (ratio). */
const SAME_ROW_SHARE = 0.5;

export function readingOrder(graph: DiagramGraph): number[] {
  const idx = graph.nodes.map((_, i) => i).sort((a, b) => center(graph.nodes[a].bbox)[1] - center(graph.nodes[b].bbox)[1]);
  const rows: number[][] = [];
  for (const i of idx) {
    const row = rows[rows.length - 1];
    const n = graph.nodes[i];
    const first = row ? graph.nodes[row[0]] : null;
    if (first && Math.abs(center(first.bbox)[1] - center(n.bbox)[1]) < SAME_ROW_SHARE * Math.min(height(first.bbox), height(n.bbox)))
      row!.push(i);
    else rows.push([i]);
  }
  return rows.flatMap((r) => r.sort((a, b) => center(graph.nodes[a].bbox)[0] - center(graph.nodes[b].bbox)[0]));
}

const PLAIN = /^[\p{L}\p{N}][\p{L}\p{N} .,:;!?'_+&%-]*$/u;

export function escapeLabel(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t === '') return '" "';
  if (PLAIN.test(t)) return t;
  return `"${t.replace(/"/g, '#quot;').replace(/[|]/g, '#124;')}"`;
}

const WRAP: Record<NodeShape, [string, string]> = {
  box: ['[', ']'],
  rounded: ['(', ')'],
  terminal: ['([', '])'],
  circle: ['((', '))'],
  decision: ['{', '}'],
  parallelogram: ['[/', '/]'],
};

export function nodeText(shape: NodeShape, label: string): string {
  const [open, close] = WRAP[shape];
  return `${open}${escapeLabel(label)}${close}`;
}

/** `order[k]` is the node index that gets id `n{k+1}`. */
export function toMermaid(graph: DiagramGraph, order: readonly number[]): string {
  const id = new Map(order.map((node, k) => [node, `n${k + 1}`]));
  const lines = ['flowchart TD'];
  for (const i of order) lines.push(`  ${id.get(i)}${nodeText(graph.nodes[i].shape, graph.nodes[i].label)}`);
  const edges = [...graph.edges].sort((a, b) => order.indexOf(a.from) - order.indexOf(b.from) || order.indexOf(a.to) - order.indexOf(b.to));
  for (const e of edges) {
    const arrow = e.both ? '<-->' : e.directed ? '-->' : '---';
    const label = e.label ? `|${escapeLabel(e.label)}|` : '';
    lines.push(`  ${id.get(e.from)} ${arrow}${label} ${id.get(e.to)}`);
  }
  return lines.join('\n');
}
