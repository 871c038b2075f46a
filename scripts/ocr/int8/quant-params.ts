/**
 * Quantization arithmetic shared by the QDQ quantizer: activation (uint8, asymmetric) and weight (int8,
 * symmetric, per output channel) parameters as ONNX Runtime's own quantization tool computes them.
 */

/** Observed value range of one activation tensor over the calibration data. */
export interface ActivationRange {
  min: number;
  max: number;
}

export interface AffineParams {
  scale: number;
  zeroPoint: number;
}

/** uint8 asymmetric: the range is widened to hold 0 exactly (zero padding must stay exact). */
export function activationParams(range: ActivationRange): AffineParams {
  const lo = Math.min(0, range.min);
  const hi = Math.max(0, range.max);
  const scale = hi > lo ? (hi - lo) / 255 : 1;
  const zeroPoint = Math.min(255, Math.max(0, Math.round(-lo / scale)));
  return { scale, zeroPoint };
}

/**
 * How convolution weights are stored. 'int8-7bit': int8 in [-64, 64]. 'uint8': uint8 around a zero point of 128,
 * all 8 bits, which ONNX Runtime runs with its u8u8 kernels (16-bit products, nothing saturates).
 */
export type WeightFormat = 'int8-7bit' | 'uint8';

export interface ChannelWeights {
  /** Stored values (int8 or uint8 bytes), same layout as the float weights (output channel first). */
  values: Uint8Array;
  zeroPoint: number;
  /** One scale per output channel. */
  scales: Float32Array;
}

/**
 * Symmetric per output channel. On x86 without VNNI, ONNX Runtime's u8s8 kernels sum pairs of u8·s8 products in
 * int16 (vpmaddubsw), which saturates for 8-bit int8 weights (255·127·2 > 32767): hence 7-bit int8, or uint8.
 */
export function quantizeWeights(weights: Float32Array, outChannels: number, format: WeightFormat): ChannelWeights {
  const qmax = format === 'int8-7bit' ? 64 : 127;
  const zeroPoint = format === 'uint8' ? 128 : 0;
  const perOut = weights.length / outChannels;
  const values = new Uint8Array(weights.length);
  const scales = new Float32Array(outChannels);
  for (let o = 0; o < outChannels; o++) {
    let amax = 0;
    for (let i = o * perOut; i < (o + 1) * perOut; i++) amax = Math.max(amax, Math.abs(weights[i]));
    const scale = amax > 0 ? amax / qmax : 1;
    scales[o] = scale;
    for (let i = o * perOut; i < (o + 1) * perOut; i++)
      values[i] = (Math.max(-qmax, Math.min(qmax, Math.round(weights[i] / scale))) + zeroPoint) & 0xff;
  }
  return { values, zeroPoint, scales };
}

/** Bias as int32 in units of input scale × weight scale (per channel), the form QLinearConv adds to its accumulator. */
export function quantizeBias(
  bias: Float32Array,
  inputScale: number,
  weightScales: Float32Array,
): { values: Int32Array; scales: Float32Array } {
  const scales = weightScales.map((s) => s * inputScale);
  const values = new Int32Array(bias.length);
  for (let o = 0; o < bias.length; o++) values[o] = Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.round(bias[o] / scales[o])));
  return { values, scales };
}
