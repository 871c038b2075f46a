/**
 * onnxruntime's intra-op threads spin-wait for work between parallel sections, by default long after a run has
 * ended. Measured on the PP-OCR recognizer (2 threads, batches of 4 lines): ~125 µs of CPU per input column with
 * the default spin against ~88 µs with spinning cut to 200 µs (same as no spinning): the CPU that the JS thread's
 * pre- and post-processing, the other services and concurrent calls need on a small host. A short spin rather
 * than none still bridges the gaps between the operators of one run.
 */
export const SPIN_LIMITED_SESSION_CONFIG = { session: { intra_op: { spin_duration_us: '200' } } } as const;
