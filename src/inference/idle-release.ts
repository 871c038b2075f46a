import type { Logger } from '../shared/logger.ts';

/**
 * Gives the models' memory back once the inference process has had nothing to do for a while. PP-OCR's sessions
 * keep the high-water mark of their largest run in their memory arenas, recognizer threads hold sessions of
 * their own, and an embedding model holds its vectors: a sidecar that read one 300-dpi A4 page held about
 * 0.85 GB for good, 0.4 GB once they were closed. After `idleMs` with no request running or waiting, `release`
 * closes them; the next request opens them again (about 0.85 s more for that page), which steady traffic never
 * pays.
 */
export class IdleRelease {
  private timer: NodeJS.Timeout | undefined;
  private releasedCount = 0;
  private releasing: Promise<void> | null = null;

  /**
   * `idleMs` 0 keeps the models open for good. `isIdle` says whether nothing runs or waits now; `release`
   * closes what is open (it must leave everything able to open again on the next request).
   */
  constructor(
    private readonly idleMs: number,
    private readonly isIdle: () => boolean,
    private readonly release: () => Promise<void>,
    private readonly logger?: Logger,
  ) {
    if (!(idleMs >= 0)) throw new RangeError('idle release: idleMs must be >= 0');
  }

  /** How many times the models were released (for tests and logs). */
  get released(): number {
    return this.releasedCount;
  }

  /** A request starts: whatever was waiting to release waits for the next quiet spell. */
  started(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A request ended: once nothing runs or waits, the quiet spell starts. */
  settled(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.idleMs === 0 || !this.isIdle()) return;
    this.timer = setTimeout(() => void this.releaseNow(), this.idleMs).unref();
  }

  /** Releases now if nothing runs or waits; resolves when the sessions are closed. */
  async releaseNow(): Promise<void> {
    this.timer = undefined;
    if (this.releasing || !this.isIdle()) return this.releasing ?? undefined;
    const rssBefore = process.memoryUsage.rss();
    this.releasing = this.release()
      .then(() => {
        this.releasedCount++;
        const freedMb = Math.round((rssBefore - process.memoryUsage.rss()) / (1024 * 1024));
        this.logger?.info({ idleMs: this.idleMs, freedMb }, 'inference models released after an idle spell');
      })
      .catch((err: Error) => this.logger?.warn({ err: err.message }, 'releasing idle inference models failed'))
      .finally(() => {
        this.releasing = null;
      });
    return this.releasing;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
