import * as mupdf from 'mupdf';
import type { BBox, ImagePlacement, VectorPath } from '../model/types.ts';
import { colorHex } from './colors.ts';
import { intersects } from '../model/geometry.ts';
import { matrixExpansion, transformPoint, transformRect, type Matrix6 } from './pixel-space.ts';
import { PathCollector } from './paths.ts';

/**
 * One pass of a mupdf Device over the page's display list, in pixel space, collecting what structured text does
 * not give: vector paths, image placements (with their matrices, also for stencil masks, which is how many
 * scanners store 1-bit pages), and the origins of glyphs that are not painted: text render mode 3 arrives as
 * `ignoreText`, and text painted with zero opacity as `fillText` with alpha 0. Structured text includes both,
 * so these origins are how the text layer learns which of its characters nobody can see.
 *
 * Only the callbacks needed are defined: mupdf.js builds no wrapper objects for undefined ones. Every wrapper
 * that is built (paths, colour spaces, stroke states, texts, images, fonts) is freed at once. `fillShade` is
 * deliberately not defined: mupdf.js wraps the shade without taking a reference, so freeing it would be unsafe.
 */
export const MAX_IMAGES_PER_PAGE = 2_000;
/** Text filled with at most this opacity (0..1) is invisible (a hidden OCR layer or hidden text). */
const INVISIBLE_ALPHA = 0.01;

export interface PageGraphics {
  paths: VectorPath[];
  /** The paths that are true axis-aligned rectangles or rules. */
  rectilinear: ReadonlySet<VectorPath>;
  images: ImagePlacement[];
  /** Paths and images left out past the per-page caps. */
  cappedPaths: number;
  cappedImages: number;
  invisible: InvisibleGlyphs;
}

/** Origins of unpainted glyphs on a 1 px grid; lookups check the neighbouring cells to absorb float rounding. */
export class InvisibleGlyphs {
  private readonly cells = new Set<number>();
  count = 0;

  add(x: number, y: number): void {
    this.cells.add(cellKey(Math.round(x), Math.round(y)));
    this.count++;
  }

  has(x: number, y: number): boolean {
    if (this.count === 0) return false;
    const cx = Math.round(x);
    const cy = Math.round(y);
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) if (this.cells.has(cellKey(cx + dx, cy + dy))) return true;
    return false;
  }
}

const cellKey = (x: number, y: number) => (x + 16384) * 65536 + (y + 16384);

export function collectGraphics(list: mupdf.DisplayList, matrix: Matrix6, pageBox: BBox): PageGraphics {
  const collector = new PathCollector(pageBox);
  const images: ImagePlacement[] = [];
  const invisible = new InvisibleGlyphs();
  let cappedImages = 0;
  const addImage = (image: mupdf.Image, ctm: Matrix6) => {
    const bbox = transformRect(ctm, [0, 0, 1, 1]);
    if (!intersects(bbox, pageBox)) return;
    if (images.length >= MAX_IMAGES_PER_PAGE) cappedImages++;
    else images.push({ bbox, width: image.getWidth(), height: image.getHeight() });
  };
  const addInvisible = (text: mupdf.Text, ctm: Matrix6) => {
    text.walk({
      showGlyph(font, trm) {
        font.destroy();
        const [x, y] = transformPoint(ctm, trm[4], trm[5]);
        invisible.add(x, y);
      },
    });
  };
  const device = new mupdf.Device({
    fillPath(path, _evenOdd, ctm, colorspace, color) {
      try {
        collector.addPath(path, ctm, { filled: true, stroked: false, lineWidth: 0, color: colorHex(colorspace, color) });
      } finally {
        path.destroy();
        colorspace.destroy();
      }
    },
    strokePath(path, stroke, ctm, colorspace, color) {
      try {
        const lineWidth = Math.max(stroke.getLineWidth() * matrixExpansion(ctm), 0);
        collector.addPath(path, ctm, { filled: false, stroked: true, lineWidth, color: colorHex(colorspace, color) });
      } finally {
        path.destroy();
        stroke.destroy();
        colorspace.destroy();
      }
    },
    ignoreText(text, ctm) {
      try {
        addInvisible(text, ctm);
      } finally {
        text.destroy();
      }
    },
    fillText(text, ctm, colorspace, _color, alpha) {
      try {
        if (alpha <= INVISIBLE_ALPHA) addInvisible(text, ctm);
      } finally {
        text.destroy();
        colorspace.destroy();
      }
    },
    fillImage(image, ctm) {
      try {
        addImage(image, ctm);
      } finally {
        image.destroy();
      }
    },
    fillImageMask(image, ctm, colorspace) {
      try {
        addImage(image, ctm);
      } finally {
        image.destroy();
        colorspace.destroy();
      }
    },
    // A tiling pattern is one painted area (given in pattern space); its cell contents are decoration, so mupdf
    // is told to skip them (a non-zero id means "the device has this tile").
    beginTile(area, _view, _xstep, _ystep, ctm) {
      collector.addArea(transformRect(ctm, area));
      return 1;
    },
  });
  try {
    list.run(device, matrix as mupdf.Matrix);
    device.close();
  } finally {
    device.destroy();
  }
  return { paths: collector.items, rectilinear: collector.rectilinear, images, cappedPaths: collector.capped, cappedImages, invisible };
}
