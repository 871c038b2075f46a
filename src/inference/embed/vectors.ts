/** The Embed RPC's vector encoding, shared by server and client (no model code: the client imports this). */

/** Little-endian float32, texts x dims, as the proto promises whatever the host's byte order. */
export function packVectors(vectors: Float32Array[], dims: number): Uint8Array {
  const bytes = new Uint8Array(vectors.length * dims * 4);
  const view = new DataView(bytes.buffer);
  vectors.forEach((vector, i) => vector.forEach((x, d) => view.setFloat32((i * dims + d) * 4, x, true)));
  return bytes;
}

export function unpackVectors(bytes: Uint8Array, dims: number): Float32Array[] {
  if (dims <= 0) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Math.floor(bytes.byteLength / (dims * 4));
  return Array.from({ length: count }, (_, i) => {
    const vector = new Float32Array(dims);
    for (let d = 0; d < dims; d++) vector[d] = view.getFloat32((i * dims + d) * 4, true);
    return vector;
  });
}
