import type { RgbImage } from '../types.ts';

/**
 * Writes `image` resized (bilinear) to outW x outH into a planar BGR float tensor at `offset`, each value mapped
 * by value*scale[c] + bias[c]. Channel order BGR because PaddleOCR's models were trained on OpenCV images.
 * `planeWidth` >= outW lets callers pad the right side of a batch (the padding is left untouched).
 */
export function writeResizedBgr(
  image: RgbImage,
  outW: number,
  outH: number,
  dst: Float32Array,
  offset: number,
  planeWidth: number,
  scale: readonly [number, number, number],
  bias: readonly [number, number, number],
): void {
  const { width: w, height: h, data } = image;
  const plane = planeWidth * outH;
  const sx = w / outW;
  const sy = h / outH;
  // Column sample positions are the same on every row: precompute them once.
  const x0s = new Int32Array(outW);
  const x1s = new Int32Array(outW);
  const fxs = new Float32Array(outW);
  for (let x = 0; x < outW; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), w - 1);
    const x0 = Math.floor(fx);
    x0s[x] = x0 * 3;
    x1s[x] = Math.min(x0 + 1, w - 1) * 3;
    fxs[x] = fx - x0;
  }
  const [s0, s1, s2] = scale;
  const [b0, b1, b2] = bias;
  for (let y = 0; y < outH; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), h - 1);
    const y0 = Math.floor(fy);
    const wy = fy - y0;
    const r0 = y0 * w * 3;
    const r1 = Math.min(y0 + 1, h - 1) * w * 3;
    const rowOut = offset + y * planeWidth;
    for (let x = 0; x < outW; x++) {
      const a = r0 + x0s[x];
      const b = r0 + x1s[x];
      const c = r1 + x0s[x];
      const d = r1 + x1s[x];
      const wx = fxs[x];
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      const red = data[a] * w00 + data[b] * w01 + data[c] * w10 + data[d] * w11;
      const green = data[a + 1] * w00 + data[b + 1] * w01 + data[c + 1] * w10 + data[d + 1] * w11;
      const blue = data[a + 2] * w00 + data[b + 2] * w01 + data[c + 2] * w10 + data[d + 2] * w11;
      const o = rowOut + x;
      dst[o] = blue * s0 + b0;
      dst[o + plane] = green * s1 + b1;
      dst[o + 2 * plane] = red * s2 + b2;
    }
  }
}
