import type { BBox } from '../model/types.ts';
import type { Pt } from './polylines.ts';

/**
 * A diagram as a graph, the common result of the vector and raster readers: shapes with their labels and
 * connectors between them. `mermaid.ts` turns it into a ChartFinding.
 */
export type NodeShape = 'box' | 'rounded' | 'terminal' | 'circle' | 'decision' | 'parallelogram';

export interface ShapeOutline {
  shape: NodeShape;
  bbox: BBox;
  /** The outline as a polygon (curves flattened), for inside and distance tests. */
  outline: Pt[];
}

export interface DiagramNode extends ShapeOutline {
  label: string;
}

export interface DiagramEdge {
  from: number;
  to: number;
  /** An arrowhead at `to` (and `both`: at `from` too); false: a plain line. */
  directed: boolean;
  both: boolean;
  label: string;
  bbox: BBox;
}

export interface DiagramGraph {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /** How sure the reader is of its geometry (1: exact vector paths). */
  certainty: number;
}
