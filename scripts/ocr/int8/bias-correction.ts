/**
 * Empirical bias correction: quantized convolutions err systematically (their rounding and the activations'
 * clipping do not average out per channel), so the calibration measures each quantized convolution's mean
 * output error per channel against the float model on the same input (see addQuantizedTwins: measured layer by
 * layer, not through the errors of the layers before) and the quantizer subtracts it from the bias. Feature maps
 * are NCHW.
 */
export class ChannelErrorMeans {
  private readonly sums = new Map<string, { sum: Float64Array; count: number }>();

  observe(name: string, quantized: Float32Array, float: Float32Array, dims: readonly number[]): void {
    const channels = dims[1];
    const plane = dims.slice(2).reduce((a, b) => a * b, 1);
    let entry = this.sums.get(name);
    if (!entry) this.sums.set(name, (entry = { sum: new Float64Array(channels), count: 0 }));
    for (let n = 0; n < dims[0]; n++) {
      for (let c = 0; c < channels; c++) {
        let s = 0;
        const start = (n * channels + c) * plane;
        for (let i = start; i < start + plane; i++) s += quantized[i] - float[i];
        entry.sum[c] += s;
      }
    }
    entry.count += dims[0] * plane;
  }

  /** Mean error per channel for each tensor, four significant digits (ample for a correction; keeps the file small). */
  means(): Record<string, number[]> {
    const out: Record<string, number[]> = {};
    for (const [name, { sum, count }] of this.sums) out[name] = Array.from(sum, (s) => Number((s / count).toPrecision(4)));
    return out;
  }
}
