import type { BBox, ModelPage } from '../model/types.ts';

/**
 * Coordinates between a page image as served (`W` x `H`) and the same image turned clockwise by a quarter-turn
 * multiple to make its text upright. OCR reads the upright image and layout works there (columns, reading
 * order); the model keeps every box in the served image's space, so they land on the image clients fetch.
 */
export type QuarterTurn = 0 | 90 | 180 | 270;

export interface Size {
  width: number;
  height: number;
}

export function uprightSize(served: Size, turn: QuarterTurn): Size {
  return turn === 90 || turn === 270 ? { width: served.height, height: served.width } : served;
}

/** A point of the served image in the upright one. */
export function toUpright(x: number, y: number, turn: QuarterTurn, served: Size): [number, number] {
  if (turn === 90) return [served.height - y, x];
  if (turn === 180) return [served.width - x, served.height - y];
  if (turn === 270) return [y, served.width - x];
  return [x, y];
}

/** A point of the upright image in the served one. */
export function toServed(x: number, y: number, turn: QuarterTurn, served: Size): [number, number] {
  if (turn === 90) return [y, served.height - x];
  if (turn === 180) return [served.width - x, served.height - y];
  if (turn === 270) return [served.width - y, x];
  return [x, y];
}

type PointMap = (x: number, y: number) => [number, number];

function mapBox(box: BBox, map: PointMap): BBox {
  const [ax, ay] = map(box[0], box[1]);
  const [bx, by] = map(box[2], box[3]);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

function mapPolygon(points: number[], map: PointMap): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) out.push(...map(points[i], points[i + 1]));
  return out;
}

/** Every box of the page through `map` (lines shared by blocks are mapped once). */
function mapPage(page: ModelPage, map: PointMap, size: Size): ModelPage {
  const lines = new Map(
    page.lines.map((line) => [
      line,
      {
        ...line,
        bbox: mapBox(line.bbox, map),
        words: line.words.map((w) => ({ ...w, bbox: mapBox(w.bbox, map) })),
        ...(line.polygon ? { polygon: mapPolygon(line.polygon, map) } : {}),
      },
    ]),
  );
  const mapLine = (line: ModelPage['lines'][number]) => lines.get(line) ?? { ...line, bbox: mapBox(line.bbox, map) };
  return {
    ...page,
    width: size.width,
    height: size.height,
    lines: page.lines.map(mapLine),
    blocks: page.blocks.map((b) => ({ ...b, bbox: mapBox(b.bbox, map), lines: b.lines.map(mapLine) })),
    paths: page.paths.map((p) => ({ ...p, bbox: mapBox(p.bbox, map) })),
    images: page.images.map((i) => ({ ...i, bbox: mapBox(i.bbox, map) })),
  };
}

/** The page's drawings and images in the upright space its OCR lines are in (before layout). */
export function graphicsToUpright(page: ModelPage, turn: QuarterTurn, served: Size): Pick<ModelPage, 'paths' | 'images'> {
  if (turn === 0) return { paths: page.paths, images: page.images };
  const map: PointMap = (x, y) => toUpright(x, y, turn, served);
  return {
    paths: page.paths.map((p) => ({ ...p, bbox: mapBox(p.bbox, map) })),
    images: page.images.map((i) => ({ ...i, bbox: mapBox(i.bbox, map) })),
  };
}

/** A laid-out upright page back in the served image's space (no-op for pages OCR did not turn). */
export function pageToServed(page: ModelPage): ModelPage {
  const turn = page.ocr?.rotation ?? 0;
  if (turn === 0) return page;
  const served = uprightSize({ width: page.width, height: page.height }, turn); // a quarter turn is its own size swap
  return mapPage(page, (x, y) => toServed(x, y, turn, served), served);
}
