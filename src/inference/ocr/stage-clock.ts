/**
 * Where an OCR call's time goes, stage by stage (milliseconds, summed over the call). The engine adds to the
 * clock it is handed; the response carries the sums, so a slow page can be explained without a profiler.
 */
export const OCR_STAGES = ['detect', 'orientation_classify', 'line_classify', 'preprocess', 'recognition_model', 'ctc_decode'] as const;

export type OcrStage = (typeof OCR_STAGES)[number];

export class StageClock {
  readonly ms: Record<OcrStage, number> = Object.fromEntries(OCR_STAGES.map((s) => [s, 0])) as Record<OcrStage, number>;

  /** Runs `work`, adding its duration (until it settles) to `stage`. */
  async time<T>(stage: OcrStage, work: () => T | Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.ms[stage] += performance.now() - started;
    }
  }

  /** Runs synchronous `work`, adding its duration to `stage`. */
  timeSync<T>(stage: OcrStage, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.ms[stage] += performance.now() - started;
    }
  }
}
