/**
 * Long loops on the main thread in slices: after each slice of about `sliceMs` the event loop runs (HTTP requests,
 * job heartbeats) before the next one, so big documents never stall the API for seconds.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function mapInSlices<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => U,
  sliceMs = 15,
  signal?: AbortSignal,
): Promise<U[]> {
  const out: U[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    out.push(fn(items[i], i));
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  return out;
}
