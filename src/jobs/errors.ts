import { AppError, DocumentFormatError, UnavailableError, ValidationError, type ValidationIssue } from '../shared/errors.ts';
import { natsUnavailable } from '../storage/mod.ts';
import type { JobErrorInfo } from './ports.ts';

/**
 * A transient problem (inference process unavailable, store briefly down): the job goes back to `pending`
 * and is delivered again after `delayMs`. Such delays do not use the job's attempts (those count workers that
 * died); config.jobs.retryBudgetMs bounds how long a job keeps being delayed.
 */
export class RetryableJobError extends Error {
  constructor(
    message: string,
    readonly type = 'temporarily_unavailable',
    readonly delayMs?: number,
  ) {
    super(message);
    this.name = 'RetryableJobError';
  }
}

/**
 * The request cannot be processed as given (corrupt file, page out of range, ...). The job fails with
 * `error: {type, msg}` where msg is shown to clients, and a sync request answers 422 with `detail`
 * (a string, or a FastAPI validation array when issues are given).
 */
export class JobInputError extends AppError {
  readonly type: string;
  constructor(msg: string, options: { type?: string; issues?: ValidationIssue[] } = {}) {
    super(422, options.issues ?? msg);
    this.message = msg;
    this.type = options.type ?? 'invalid_input';
  }
}

/**
 * The client of a sync request disconnected before its answer (499, nginx's "client closed request": there is
 * nobody to send it to; it ends the request handler and shows in the request log). Its job was dropped unless a
 * worker had started it.
 */
export class SyncAbandonedError extends AppError {
  constructor(jobId?: string) {
    super(499, 'The client closed the connection before the answer', jobId ? { 'x-job-id': jobId } : {});
  }
}

/** The error a cancelled job is failed with (POST /v1/jobs/{job_id}/cancel; the status enum has no cancelled state). */
export const CANCELLED_ERROR: JobErrorInfo = { type: 'cancelled', msg: 'cancelled' };
/** What a sync request whose job was cancelled answers. */
export const CANCELLED_STATUS = 409;
export const CANCELLED_DETAIL = 'The job was cancelled';

/** Aborts a running job whose record asks for cancellation (the worker polls it). */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled');
    this.name = 'JobCancelledError';
  }
}

/** Raised inside the worker when a job exceeds config.jobs.timeoutMs. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Job exceeded its time limit of ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'JobTimeoutError';
  }
}

/** A heartbeat found the job's lease expired and taken by another consumer: this run must stop quietly. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lease on ${jobId} was lost (expired and taken over)`);
    this.name = 'LeaseLostError';
  }
}

/** Abort reason used when a worker stops: the job is released, not failed. */
export class WorkerStoppingError extends Error {
  constructor() {
    super('worker stopping');
    this.name = 'WorkerStoppingError';
  }
}

export type ErrorOutcome =
  /** `slow`: the dependency was up but did not answer in time, which the job itself may cause (a huge page). */
  | { kind: 'retry'; info: JobErrorInfo; delayMs: number; slow?: boolean }
  | { kind: 'fail'; info: JobErrorInfo; httpStatus: number; httpDetail: unknown; internal: boolean };

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media',
  422: 'invalid_input',
};

function detailMessage(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((i) => (i as ValidationIssue).msg).join('; ');
  return JSON.stringify(detail);
}

/**
 * Longest pause between two tries of a job whose dependency is down. Retries do not spend attempts, so a short
 * pause costs only a cheap failed call, while a long one would leave the job idle well after the
 * dependency came back (a sidecar restarts in about a second).
 */
export const MAX_RETRY_DELAY_MS = 8_000;

/**
 * The pause before the `retry`th try (1-based) of a job whose dependency said "retry later" (an inference process
 * restarting, NATS reconnecting): its hint doubled per retry, capped at MAX_RETRY_DELAY_MS.
 */
export function retryDelayMs(retry: number, hintMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, hintMs * 2 ** Math.min(16, Math.max(0, retry - 1)));
}

/**
 * Decide what a handler's error means for the job; messages of unknown errors are never shown to clients.
 * `retry` is the 1-based number of the retry a temporary problem would lead to (it sets the backoff).
 */
export function classifyJobError(err: unknown, operation: string, retry: number): ErrorOutcome {
  // A store call lost with the NATS connection is a 503 like the ones whenConnected() raises.
  err = natsUnavailable(err) ?? err;
  if (err instanceof RetryableJobError) {
    return { kind: 'retry', info: { type: err.type, msg: err.message }, delayMs: err.delayMs ?? retryDelayMs(retry, 1000) };
  }
  if (err instanceof JobInputError) {
    return { kind: 'fail', info: { type: err.type, msg: err.message }, httpStatus: 422, httpDetail: err.detail, internal: false };
  }
  // 503: a dependency is down; 507: the data disk is full. Both may pass, so the job waits and tries again.
  if (err instanceof AppError && (err.status === 503 || err.status === 507)) {
    const seconds = Number(err.headers['retry-after']);
    const hintMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
    const slow = err instanceof UnavailableError && err.slow;
    return {
      kind: 'retry',
      info: { type: 'temporarily_unavailable', msg: detailMessage(err.detail) },
      delayMs: retryDelayMs(retry, hintMs),
      slow,
    };
  }
  if (err instanceof AppError && err.status < 500) {
    const type = err instanceof ValidationError ? 'validation_error' : (TYPE_BY_STATUS[err.status] ?? 'invalid_request');
    return {
      kind: 'fail',
      info: { type, msg: detailMessage(err.detail) },
      httpStatus: err.status,
      httpDetail: err.detail,
      internal: false,
    };
  }
  if (err instanceof DocumentFormatError) {
    const status = err.tooLarge ? 413 : 422;
    return {
      kind: 'fail',
      info: { type: 'document_format', msg: err.message },
      httpStatus: status,
      httpDetail: err.message,
      internal: false,
    };
  }
  if (err instanceof JobTimeoutError) {
    return { kind: 'fail', info: { type: 'timeout', msg: err.message }, httpStatus: 500, httpDetail: err.message, internal: false };
  }
  const msg = `Internal error while running ${operation}`;
  return { kind: 'fail', info: { type: 'internal_error', msg }, httpStatus: 500, httpDetail: msg, internal: true };
}
