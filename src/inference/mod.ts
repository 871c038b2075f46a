/** Public API of the inference module: callers use the client; `serve` uses the supervisor. */
export { InferenceClient, type CallOptions } from './client.ts';
export { InferenceSupervisor, type ExitEvent, type RestartEvent } from './supervisor.ts';
export { startInferenceServer } from './server.ts';
export { BoundedQueue } from './queue.ts';
export { InferenceUnavailableError, QueueFullError, DeadlineUnreachableError, QueueAbortedError } from './errors.ts';
export type { HealthResponse } from './types.ts';
export type { PageOcrCall } from './client.ts';
export type { RecognizePageResponse } from './types.ts';
