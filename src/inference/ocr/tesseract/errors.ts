/** Why the Tesseract engine could not start or answer. */
export type TesseractFailure = 'language_data_missing' | 'worker_start_failed' | 'recognition_failed' | 'closed';

export class TesseractEngineError extends Error {
  readonly reason: TesseractFailure;

  constructor(reason: TesseractFailure, message: string, options?: { cause?: unknown }) {
    super(`tesseract: ${message}`, options);
    this.name = 'TesseractEngineError';
    this.reason = reason;
  }
}

/** tesseract.js rejects with plain strings; keep the text, make it an Error. */
export function describeTesseractFailure(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  return typeof failure === 'string' ? failure : JSON.stringify(failure);
}
