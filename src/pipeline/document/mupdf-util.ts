import * as mupdf from 'mupdf';

/**
 * mupdf helpers: one-line error messages and capture of mupdf's own error/warning log
 * (it otherwise prints repair chatter to stderr, and those lines are how we learn a file was damaged).
 */

export interface MupdfLog {
  errors: string[];
  warnings: string[];
}

let sink: MupdfLog | null = null;

mupdf.setLog({
  error: (message: string) => sink?.errors.push(message.trim()),
  warning: (message: string) => sink?.warnings.push(message.trim()),
});

/**
 * Runs `fn` and collects what mupdf logged meanwhile. mupdf is synchronous, so on one thread (each pool worker
 * has its own) nothing else can log in between.
 */
export function withMupdfLog<T>(fn: (log: MupdfLog) => T): T {
  const previous = sink;
  const log: MupdfLog = { errors: [], warnings: [] };
  sink = log;
  try {
    return fn(log);
  } finally {
    sink = previous;
  }
}

/** mupdf errors can carry a WASM stack dump; keep the first meaningful line, bounded. */
export function oneLine(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const line =
    raw
      .split('\n')
      .map((s) => s.trim())
      .find((s) => s.length > 0) ?? 'unknown error';
  const clean = line.replace(/^(Error|TypeError|RangeError|RuntimeError):\s*/, '').replace(/\s+at\s.*$/, '');
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean;
}

/** mupdf's fz_round_rect: the pixel box a transformed page rectangle covers (what toPixmap allocates). */
export function pixelBox(rect: mupdf.Rect, scale: number): { width: number; height: number } {
  const x0 = Math.floor(rect[0] * scale + 0.001);
  const y0 = Math.floor(rect[1] * scale + 0.001);
  const x1 = Math.ceil(rect[2] * scale - 0.001);
  const y1 = Math.ceil(rect[3] * scale - 0.001);
  return { width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/** Frees WASM memory now rather than at garbage collection; never throws. */
export function release(...objects: ({ destroy(): void } | null | undefined)[]): void {
  for (const obj of objects) {
    try {
      obj?.destroy();
    } catch {
      // already freed
    }
  }
}

/**
 * Pages `first`..`last` (zero-based, inclusive) written as a new PDF by running each page into the PDF writer at
 * its own bounds: images and laid-out documents (HTML, Office) become PDF pages, text kept as text.
 */
export function writePagesAsPdf(doc: mupdf.Document, first: number, last: number): Uint8Array {
  const buffer = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buffer, 'pdf', 'compress');
  try {
    for (let i = first; i <= last; i++) {
      const page = doc.loadPage(i);
      try {
        const device = writer.beginPage(page.getBounds());
        page.run(device, mupdf.Matrix.identity);
        writer.endPage();
      } finally {
        release(page);
      }
    }
    writer.close();
    return new Uint8Array(buffer.asUint8Array()); // a copy outside WebAssembly memory
  } finally {
    release(writer, buffer);
  }
}
