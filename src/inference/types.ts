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

export interface RecognizePageRequest {
  /** Which member of the `source` oneof is set. */
  source?: 'image' | 'blob_key';
  image?: Uint8Array;
  blob_key?: string;
  mode: string;
  language: string;
  assume_upright: boolean;
}

export interface OcrWordMessage {
  text: string;
  box: number[];
  confidence: number;
}

export interface OcrLineMessage {
  text: string;
  polygon: number[];
  box: number[];
  confidence: number;
  words: OcrWordMessage[];
  engine: string;
}

export interface OcrTimingsMessage {
  queue_ms: number;
  decode_ms: number;
  orientation_ms: number;
  recognize_ms: number;
  reread_ms: number;
  total_ms: number;
  /** PP-OCR stages inside orientation_ms and recognize_ms (zero where the engine was Tesseract). */
  detect_ms: number;
  orientation_classify_ms: number;
  line_classify_ms: number;
  /** Cropping lines and resizing them into model tensors. */
  preprocess_ms: number;
  recognition_model_ms: number;
  ctc_decode_ms: number;
}

export interface RecognizePageResponse {
  width: number;
  height: number;
  rotation: number;
  rotation_confidence: number;
  skew_degrees: number;
  lines: OcrLineMessage[];
  mode: string;
  timings: OcrTimingsMessage;
  reread_lines: number;
  changed_lines: number;
}

export interface EmbedRequest {
  texts: string[];
  /** Empty: the first available text-embedding slot of the manifest. */
  model_id: string;
}

export interface EmbedResponse {
  model_id: string;
  dims: number;
  /** Little-endian float32, texts x dims, each vector L2-normalized (zero for a text with no known token). */
  vectors: Uint8Array;
}
