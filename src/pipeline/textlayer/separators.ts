import type { VectorPath } from '../model/types.ts';

/**
 * Vertical lines drawn on the page (vertical rules, and the left/right edges of stroked or filled rectangles), used
 * to cut text rows at table-cell borders and box edges even where the gap between the texts is small. Only true
 * rectangles count: the bounds of a curve or a rotated shape are not edges anyone drew.
 */
interface Edge {
  x: number;
  y0: number;
  y1: number;
}

export class Separators {
  private readonly edges: Edge[];

  constructor(paths: readonly VectorPath[], rectilinear: ReadonlySet<VectorPath>) {
    const edges: Edge[] = [];
    for (const p of paths) {
      if (!rectilinear.has(p)) continue;
      const [x0, y0, x1, y1] = p.bbox;
      if (p.kind === 'rule') {
        if (y1 - y0 > x1 - x0) edges.push({ x: (x0 + x1) / 2, y0, y1 });
      } else if (p.kind === 'rect' || p.kind === 'fill') {
        edges.push({ x: x0, y0, y1 }, { x: x1, y0, y1 });
      }
    }
    this.edges = edges.sort((a, b) => a.x - b.x);
  }

  get size(): number {
    return this.edges.length;
  }

  /** True when an edge runs through height `y` strictly between `from` and `to` (pixels, from < to). */
  crosses(from: number, to: number, y: number): boolean {
    const edges = this.edges;
    let lo = 0;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (edges[mid].x <= from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < edges.length && edges[i].x < to; i++) if (edges[i].y0 <= y && edges[i].y1 >= y) return true;
    return false;
  }
}
