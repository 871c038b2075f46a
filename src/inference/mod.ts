/** Public API of the inference module: callers use the client; `serve` uses the supervisor. */
export { InferenceClient, type InferenceClientOptions, type CallOptions } from './client.ts';
export { InferenceSupervisor, defaultInferenceCommand, type SupervisorOptions, type SupervisorCommand, type ExitEvent, type RestartEvent } from './supervisor.ts';
export { startInferenceServer, type InferenceServer, type InferenceServerOptions } from './server.ts';
export { runInference, parseInferenceArgs, InferenceUsageError } from './main.ts';
export { ModelRegistry, ManifestError, type ManifestEntry, type ResolvedModel } from './models.ts';
export { BoundedQueue } from './queue.ts';
export { InferenceUnavailableError, InferenceCallError, QueueFullError, DeadlineUnreachableError, QueueAbortedError, ServerDrainingError } from './errors.ts';
export type { HealthResponse, ListModelsResponse, ModelInfo, TensorSpec, ServingStatus } from './types.ts';
export type { PageOcrCall } from './client.ts';
export type { RecognizePageResponse } from './types.ts';
