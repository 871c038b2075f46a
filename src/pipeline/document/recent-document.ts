import * as mupdf from 'mupdf';
import { openPdf } from './inspect-pdf.ts';
import { release } from './mupdf-util.ts';

/**
 * The PDF a pool worker read last, kept open for the next task of the same document, read in place from the
 * task's bytes (openPdf). A long document is read as many page ranges; opening it for each one would parse its
 * cross-reference table and load its fonts again every time (a third more work for ranges of 32 pages). The
 * document is closed when a task for another one arrives, when a task fails outright, or after a few idle seconds.
 */
const IDLE_CLOSE_MS = 5_000;
const STORE_KEPT_PERCENT = 25;

export class RecentDocument {
  private held: { key: string; doc: mupdf.Document } | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly idleCloseMs = IDLE_CLOSE_MS) {}

  /**
   * Runs `read` on the document `key` names (its content hash: same key, same bytes), opened from `bytes` unless
   * it is the one held. Without a key the document is opened and closed around `read`.
   */
  use<T>(key: string | undefined, bytes: Uint8Array, read: (doc: mupdf.Document) => T): T {
    clearTimeout(this.timer);
    if (!key) {
      const doc = openPdf(bytes);
      try {
        return read(doc);
      } finally {
        release(doc);
      }
    }
    if (this.held?.key !== key) {
      this.close();
      this.held = { key, doc: openPdf(bytes, true) };
    }
    try {
      return read(this.held.doc);
    } catch (err) {
      this.close(); // the document may be in any state after mupdf gave up on it
      throw err;
    } finally {
      // Between ranges, mupdf's resource store (fonts, decoded streams) is cut back: kept whole for the document's
      // life it grows by a couple of hundred megabytes per worker on a long file, and WebAssembly memory never
      // shrinks. What a range reuses most (the open file, its xref) stays.
      mupdf.shrinkStore(STORE_KEPT_PERCENT);
      if (this.held) this.timer = setTimeout(() => this.close(), this.idleCloseMs).unref();
    }
  }

  close(): void {
    clearTimeout(this.timer);
    if (this.held) release(this.held.doc);
    this.held = null;
  }
}

/**
 * The document a pool worker keeps open, shared by every task kind that reads pages of the same file (text
 * layers, then the equation and chart stages), so the second pass does not open the file again.
 */
export const workerDocument = new RecentDocument();
