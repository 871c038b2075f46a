/** TypeScript shapes of the messages in inference.proto (proto-loader: keepCase, enums as strings, longs as numbers). */
export type ServingStatus = 'SERVING_STATUS_UNSPECIFIED' | 'SERVING' | 'NOT_SERVING';

export interface HealthResponse {
  status: ServingStatus;
  version: string;
  pid: number;
  uptime_seconds: number;
  execution_providers: string[];
  onnxruntime_version: string;
  models_loaded: number;
  queue_depth: number;
  in_flight: number;
  warnings: string[];
}

export interface TensorSpec {
  name: string;
  type: string;
  shape: number[];
}

export interface ModelInfo {
  id: string;
  task: string;
  file: string;
  sha256: string;
  size_bytes: number;
  available: boolean;
  status: string;
  inputs: TensorSpec[];
  outputs: TensorSpec[];
  source_package: string;
  description: string;
}

export interface ListModelsResponse {
  models: ModelInfo[];
}
