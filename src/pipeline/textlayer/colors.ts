import type * as mupdf from 'mupdf';

const hex2 = (v: number) =>
  Math.round(Math.min(1, Math.max(0, v)) * 255)
    .toString(16)
    .padStart(2, '0');

/**
 * sRGB hex of a device color, by the usual naive formulas (no ICC): gray, RGB, CMYK, and one-component
 * separations read as a tint of black. Other spaces (Lab, multi-ink DeviceN) are left unknown.
 */
export function colorHex(colorspace: mupdf.ColorSpace, color: readonly number[]): string | undefined {
  const n = color.length;
  if (colorspace.isIndexed()) return undefined;
  if (n === 1) {
    const v = colorspace.isGray() ? color[0] : 1 - color[0];
    return `#${hex2(v)}${hex2(v)}${hex2(v)}`;
  }
  if (n === 3 && colorspace.isRGB()) return `#${hex2(color[0])}${hex2(color[1])}${hex2(color[2])}`;
  if (n === 4 && colorspace.isCMYK()) {
    const [c, m, y, k] = color;
    return `#${hex2((1 - c) * (1 - k))}${hex2((1 - m) * (1 - k))}${hex2((1 - y) * (1 - k))}`;
  }
  return undefined;
}
