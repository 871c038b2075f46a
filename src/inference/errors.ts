import { status as GrpcStatus } from '@grpc/grpc-js';
import { UnavailableError } from '../shared/errors.ts';

const CODE_NAMES = Object.fromEntries(Object.entries(GrpcStatus).map(([name, code]) => [code, name])) as Record<number, string>;

export function grpcCodeName(code: number): string {
  return CODE_NAMES[code] ?? `CODE_${code}`;
}

/** What a client is told: the kind of trouble, never the address or the socket error (those are in the log). */
function clientDetail(grpcCode: number): string {
  if (grpcCode === GrpcStatus.RESOURCE_EXHAUSTED) return 'The inference service is busy; retry later';
  if (grpcCode === GrpcStatus.DEADLINE_EXCEEDED) return 'The inference service did not answer in time; retry later';
  return 'The inference service is unavailable; retry later';
}

/**
 * The inference process cannot take the call now (unreachable, too slow, or its queue is full).
 * It is an HTTP 503 with Retry-After, so the api can rethrow it as is. `message` (logged) names the gRPC status
 * and what failed; `detail` (answered, and a failed job's error) says only clientDetail().
 */
export class InferenceUnavailableError extends UnavailableError {
  readonly grpcCode: number;
  readonly retryAfterSeconds: number;
  readonly address: string | null;

  constructor(grpcCode: number, message: string, retryAfterSeconds: number, address: string | null = null) {
    super(clientDetail(grpcCode), retryAfterSeconds, `${grpcCodeName(grpcCode)}: ${message}`);
    this.grpcCode = grpcCode;
    this.retryAfterSeconds = retryAfterSeconds;
    this.slow = grpcCode === GrpcStatus.DEADLINE_EXCEEDED;
    this.address = address;
  }
}

/** Any other failed call (bad argument, unknown model, internal error): retrying will not help. */
export class InferenceCallError extends Error {
  constructor(
    readonly grpcCode: number,
    readonly details: string,
    readonly address: string | null = null,
  ) {
    super(`Inference call failed (${grpcCodeName(grpcCode)}): ${details}`);
    this.name = 'InferenceCallError';
  }
}

/** Raised in the server when the bounded queue is full; answered as RESOURCE_EXHAUSTED. */
export class QueueFullError extends Error {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds = 1,
  ) {
    super(`inference queue is full (${limit} requests waiting)`);
    this.name = 'QueueFullError';
  }
}

/**
 * The queue is not full, but the requests ahead of this one would take longer than its caller is willing to wait:
 * refused at once (RESOURCE_EXHAUSTED with the expected wait as retry-after) instead of timing out in the queue.
 */
export class DeadlineUnreachableError extends QueueFullError {
  constructor(waiting: number, expectedWaitMs: number) {
    super(waiting, Math.max(1, Math.ceil(expectedWaitMs / 1000)));
    this.message = `inference is busy: ${waiting} requests wait ahead (about ${Math.round(expectedWaitMs)} ms), past this call's deadline`;
    this.name = 'DeadlineUnreachableError';
  }
}

/** The caller gave up (cancelled call) while its request still waited in the queue. */
export class QueueAbortedError extends Error {
  constructor() {
    super('request cancelled while queued');
    this.name = 'QueueAbortedError';
  }
}

/** The server is shutting down; answered as UNAVAILABLE so clients retry elsewhere. */
export class ServerDrainingError extends Error {
  constructor() {
    super('inference server is shutting down');
    this.name = 'ServerDrainingError';
  }
}
