import path from 'node:path';
import { ConfigError } from './errors.ts';

/**
 * Configuration, read from the environment and validated once at start.
 * Every variable, its default and meaning is listed in README.md (keep both in step: a test compares them).
 */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  apiKeys: ApiKeySpec[];
  natsUrl: string | null;
  inferenceAddrs: string[];
  lancedbUri: string;
  /** Days an uploaded file (and what was derived from it) is kept; 0 keeps files until deleted. */
  fileRetentionDays: number;
  logLevel: string;
  limits: Limits;
  jobs: JobSettings;
  inference: InferenceSettings;
  webhookSecret: string | null;
  webhooks: WebhookSettings;
  /** GET /metrics: `public` (no key), `key` (any API key) or `off` (no route). */
  metrics: MetricsAccess;
  /** Browser origins allowed to call the API cross-origin (CORS); empty: CORS off. `*` allows any origin. */
  corsOrigins: string[];
  /** V8 heap growth per full collection, in percent (0: V8's own); see shared/heap.ts. */
  heapGrowthPercent: number;
  faults: Record<string, string>;
  /** The optional OpenAI-compatible LLM (extraction); null when DOCINTEL_LLM_BASE_URL is unset. */
  llm: LlmSettings | null;
  /** Extraction confidences mapped through the fitted calibration table (off: the finders' raw scores). */
  extractCalibration: boolean;
}

export interface ApiKeySpec {
  name: string;
  key: string;
}

export interface Limits {
  maxUploadBytes: number;
  maxFilesPerRequest: number;
  maxPages: number;
  maxPagePixels: number;
  maxJsonBodyBytes: number;
  rateLimitPerMinute: number;
  maxConcurrentJobsPerKey: number;
  /** Queue depth (jobs waiting or running) at which sync requests are refused with 503 + Retry-After; 0 turns sync admission (this and the wait estimate) off. */
  maxQueuedJobs: number;
  syncBudgetMs: number;
}

export interface JobSettings {
  timeoutMs: number;
  retentionDays: number;
  /** Runs of a job whose worker vanished (died, lost its lease) before the job is failed. */
  maxAttempts: number;
  /** How long a job keeps being delayed while a dependency (inference, store) is unavailable before it fails. */
  retryBudgetMs: number;
  leaseMs: number;
  workerConcurrency: number;
  renderThreads: number;
  /** Longest one document task (render, analyze) may hold a render thread; analysis adds a per-page share. */
  documentTaskTimeoutMs: number;
}

export interface InferenceSettings {
  deadlineMs: number;
  threads: number;
  /** Threads that read regular-mode OCR pages, each with its own PP-OCR sessions (0: the server's own thread). */
  ocrLanes: number;
  /** Threads that read a regular-mode page's recognizer batches on the server thread (0: its own session). */
  ocrRecognizerThreads: number;
  queueLimit: number;
  /** Quiet time after which the models are closed and their memory given back (0: never). */
  idleReleaseMs: number;
}

export interface WebhookSettings {
  /** Deliveries tried per job (the first included) before giving up. */
  maxAttempts: number;
  /** Pause before the 2nd attempt; doubles for each later one. */
  retryBaseMs: number;
  /** Per-attempt time limit; a receiver slower than this counts as failed (and is retried). */
  timeoutMs: number;
  /** Deliver to loopback, private and link-local addresses too (off: such webhook_url values are refused, SSRF guard). */
  allowPrivate: boolean;
}

export type MetricsAccess = 'public' | 'key' | 'off';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

type Env = Record<string, string | undefined>;

interface VarSpec {
  name: string;
  default: string;
  description: string;
}

/** The documented variables (README's configuration table is checked against this list). */
export const CONFIG_VARIABLES: VarSpec[] = [
  { name: 'HOST', default: '0.0.0.0', description: 'Address the HTTP API listens on' },
  { name: 'PORT', default: '8080', description: 'Port the HTTP API listens on' },
  { name: 'DOCINTEL_DATA_DIR', default: './data', description: 'Data directory: SQLite, blobs, keys file, inference socket, LanceDB' },
  {
    name: 'DOCINTEL_API_KEYS',
    default: '(unset: a key is generated on first start and stored in DATA_DIR/api-keys.json)',
    description: 'Comma-separated API keys, each `key` or `name:key`; each key is a tenant',
  },
  {
    name: 'DOCINTEL_NATS_URL',
    default: '(unset: embedded SQLite queue and stores)',
    description: 'NATS server URL; when set, jobs, events, metadata and blobs use JetStream',
  },
  {
    name: 'DOCINTEL_INFERENCE_ADDR',
    default: '(unset: `serve` spawns a sidecar on DATA_DIR/inference.sock)',
    description: 'Comma-separated inference addresses (`host:port` or `unix:/path`), round robin',
  },
  { name: 'DOCINTEL_LANCEDB_URI', default: 'DATA_DIR/lancedb', description: 'LanceDB location for the ask chunk index' },
  {
    name: 'DOCINTEL_ASK_RETRIEVAL',
    default: 'hybrid',
    description:
      'Ask retrieval: `hybrid` (BM25 and embedding search fused by reciprocal rank, BM25 alone when no embedding model is served) or `bm25`',
  },
  { name: 'DOCINTEL_LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'DOCINTEL_MAX_UPLOAD_BYTES', default: '104857600', description: 'Largest accepted file (upload or inline), bytes' },
  { name: 'DOCINTEL_MAX_FILES_PER_REQUEST', default: '20', description: 'Most files in one upload request' },
  { name: 'DOCINTEL_MAX_PAGES', default: '2000', description: 'Most pages in one document' },
  { name: 'DOCINTEL_MAX_PAGE_PIXELS', default: '100000000', description: 'Most pixels in one page image (decompression-bomb guard)' },
  { name: 'DOCINTEL_RATE_LIMIT_PER_MINUTE', default: '1200', description: 'Requests per minute per API key (token bucket; 0 disables)' },
  { name: 'DOCINTEL_MAX_CONCURRENT_JOBS', default: '32', description: 'Unfinished jobs one API key may have at once (0 disables)' },
  {
    name: 'DOCINTEL_MAX_QUEUED_JOBS',
    default: '32',
    description:
      "Sync admission: a sync request is refused at once with 503 and a Retry-After from the estimated backlog when the jobs queued ahead (all processes) would keep it past its sync budget, estimated from the workers' slots and recent job durations, or when this many jobs are waiting or running; async requests still queue (0 disables admission)",
  },
  { name: 'DOCINTEL_SYNC_BUDGET_MS', default: '120000', description: 'Time budget of an execution_mode sync request before 504' },
  { name: 'DOCINTEL_JOB_TIMEOUT_MS', default: '1800000', description: 'Longest one async job attempt may run' },
  {
    name: 'DOCINTEL_FILE_RETENTION_DAYS',
    default: '0',
    description:
      'Days a stored file is kept before the hourly sweep deletes it with its page images, cached analyses and ask-index rows (0: kept until DELETE /v1/files/{file_id})',
  },
  { name: 'DOCINTEL_JOB_RETENTION_DAYS', default: '7', description: 'Days a finished job and its result are kept' },
  {
    name: 'DOCINTEL_JOB_MAX_ATTEMPTS',
    default: '3',
    description:
      'Runs of a job whose worker died (or lost its lease) before the job is failed; retries while a dependency is unavailable do not count',
  },
  {
    name: 'DOCINTEL_JOB_RETRY_BUDGET_MS',
    default: '600000',
    description:
      'How long a job keeps being retried while a dependency is unavailable (inference UNAVAILABLE, DEADLINE_EXCEEDED or RESOURCE_EXHAUSTED, the store unreachable or full), with exponential backoff up to 8 s, before it fails; such retries do not use DOCINTEL_JOB_MAX_ATTEMPTS',
  },
  { name: 'DOCINTEL_JOB_LEASE_MS', default: '30000', description: 'How long a silent worker keeps a job before it is redelivered' },
  { name: 'DOCINTEL_WORKER_CONCURRENCY', default: '2', description: 'Jobs one worker process runs at once' },
  { name: 'DOCINTEL_RENDER_THREADS', default: '(number of CPU cores)', description: 'worker_threads for PDF/image decoding and rendering' },
  {
    name: 'DOCINTEL_DOCUMENT_TASK_TIMEOUT_MS',
    default: '60000',
    description:
      'Longest one PDF/image task (a page render) may run before its thread is stopped and replaced; whole-document analysis gets 10 s more per page',
  },
  { name: 'DOCINTEL_INFERENCE_DEADLINE_MS', default: '30000', description: 'Deadline of each gRPC call to the inference process' },
  {
    name: 'DOCINTEL_INFERENCE_THREADS',
    default: '(number of CPU cores)',
    description: 'ONNX Runtime intra-op threads in the inference process',
  },
  {
    name: 'DOCINTEL_INFERENCE_OCR_LANES',
    default: '0',
    description:
      'Threads of the inference process that read regular-mode OCR pages side by side, each with its own PP-OCR sessions (opened on its first page) and DOCINTEL_INFERENCE_THREADS / lanes intra-op threads; 0 reads them on the server thread, one page at a time. Each lane in use adds about 0.4 GB of peak memory. Measured on 2 cores (3 alternating rounds): 2 lanes read receipts from 4 concurrent clients about 25% faster with about 20% less CPU per receipt, but one large page alone runs on the threads of one lane and takes longer than with 0, so 0 stays the default for latency',
  },
  {
    name: 'DOCINTEL_INFERENCE_OCR_RECOGNIZER_THREADS',
    default: '(DOCINTEL_INFERENCE_THREADS when 2 or more and DOCINTEL_INFERENCE_OCR_LANES is 0, else 0)',
    description:
      'Threads of the inference process that read the recognizer batches of a regular-mode page read on the server thread, side by side, each with a single-threaded recognizer session; 0 reads them on the server thread with DOCINTEL_INFERENCE_THREADS intra-op threads. Unused with OCR lanes (a lane reads its pages alone). Measured on 2 cores (the same text): with the cores contended about 22% less CPU per receipt and 7-10% less per 300-dpi A4 page; uncontended (2 alternating bench rounds) the A4 page in 1.79 s instead of 2.05-2.13 s and about 2.0 instead of 1.8 receipts/s with 4 clients, for 0.3-0.4 GB more peak memory',
  },
  {
    name: 'DOCINTEL_INFERENCE_IDLE_RELEASE_MS',
    default: '30000',
    description:
      'After this long with no request running or waiting, the inference process closes its OCR sessions, recognizer threads and embedding models and gives their memory back; the next request opens them again. Measured on 2 cores with a 300-dpi A4 page: the process held about 0.85 GB after reading it and about 0.4 GB after the release, and the first page after a release took about 0.85 s longer (1.5-1.7 s instead of 0.7 s). 0 keeps them open for good',
  },
  {
    name: 'DOCINTEL_INFERENCE_QUEUE_LIMIT',
    default: '64',
    description: 'Queued inference requests before RESOURCE_EXHAUSTED (503 at the API)',
  },
  {
    name: 'DOCINTEL_HEAP_GROWTH_PERCENT',
    default: '50',
    description:
      'How far the V8 heap grows past live data before a full collection (0: V8 default, up to 300%); lower trades GC time for peak memory',
  },
  {
    name: 'DOCINTEL_WEBHOOK_SECRET',
    default: '(unset: generated once into DATA_DIR/webhook-secret)',
    description:
      "Server secret from which each API key's webhook signing secret is derived (HMAC-SHA256); set it on every node of a cluster",
  },
  {
    name: 'DOCINTEL_WEBHOOK_MAX_ATTEMPTS',
    default: '5',
    description: 'Webhook deliveries tried per job before giving up (network errors, timeouts and 5xx are retried; 4xx are not)',
  },
  {
    name: 'DOCINTEL_WEBHOOK_RETRY_BASE_MS',
    default: '1000',
    description: 'Pause before the 2nd webhook attempt; doubles for each later one (exponential backoff)',
  },
  { name: 'DOCINTEL_WEBHOOK_TIMEOUT_MS', default: '10000', description: 'Time limit of one webhook attempt' },
  {
    name: 'DOCINTEL_WEBHOOK_ALLOW_PRIVATE',
    default: 'false',
    description:
      'Allow webhook_url on loopback, private and link-local addresses (or hostnames resolving to them); off, they are refused with 422 (SSRF guard)',
  },
  {
    name: 'DOCINTEL_CORS_ORIGINS',
    default: '(unset: CORS off)',
    description:
      'Comma-separated browser origins (e.g. `https://app.example.com`) allowed to call the API cross-origin; `*` allows any. Unset, no CORS headers are sent and preflights are refused',
  },
  {
    name: 'DOCINTEL_METRICS',
    default: 'public',
    description: 'GET /metrics (Prometheus text): `public` (no key), `key` (needs an API key) or `off`',
  },
  {
    name: 'DOCINTEL_LLM_BASE_URL',
    default: '(unset: no LLM; every feature works without one)',
    description: 'OpenAI-compatible API base URL (e.g. `http://localhost:8000/v1`) that extraction may ask to locate field values',
  },
  { name: 'DOCINTEL_LLM_API_KEY', default: '(unset)', description: 'Bearer key sent to DOCINTEL_LLM_BASE_URL' },
  { name: 'DOCINTEL_LLM_MODEL', default: 'gpt-4o-mini', description: 'Model name sent to DOCINTEL_LLM_BASE_URL' },
  {
    name: 'DOCINTEL_EXTRACT_CALIBRATION',
    default: 'true',
    description:
      "Map extraction confidences through the calibration table fitted on the tune half of the development sets (src/pipeline/extract/calibration-table.json); `false` returns the finders' raw scores (scripts/calibrate-extract.ts refits the table from them)",
  },
  {
    name: 'DOCINTEL_FAULTS',
    default: '(unset)',
    description: 'Fault injection for tests, e.g. `job.delay_ms=3000`; never set in production',
  },
];

function int(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name);
  if (raw === null) return fallback;
  if (/^(1|true|on|yes)$/i.test(raw)) return true;
  if (/^(0|false|off|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function str(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

export function parseApiKeys(raw: string | null): ApiKeySpec[] {
  if (!raw) return [];
  const specs = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry, i) => {
      const colon = entry.indexOf(':');
      const [name, key] = colon > 0 ? [entry.slice(0, colon), entry.slice(colon + 1)] : [`key${i + 1}`, entry];
      if (key.length < 8 || /\s/.test(key))
        throw new ConfigError('DOCINTEL_API_KEYS', `key "${name}" must be at least 8 characters without spaces`);
      return { name, key };
    });
  const names = new Set(specs.map((s) => s.name));
  if (names.size !== specs.length) throw new ConfigError('DOCINTEL_API_KEYS', 'key names must be unique');
  return specs;
}

function parseInferenceAddrs(raw: string | null): string[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((addr) => {
      if (addr.startsWith('unix:')) return addr;
      if (!/^[\w.-]+:\d{1,5}$/.test(addr) && !/^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(addr)) {
        throw new ConfigError('DOCINTEL_INFERENCE_ADDR', `"${addr}" is not host:port or unix:/path`);
      }
      return addr;
    });
}

function parseFaults(raw: string | null): Record<string, string> {
  if (!raw) return {};
  const out: Record<string, string> = {};
  for (const part of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new ConfigError('DOCINTEL_FAULTS', `"${part}" is not name=value`);
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

function parseMetricsAccess(raw: string | null): MetricsAccess {
  const value = (raw ?? 'public').toLowerCase();
  if (value === 'public' || value === 'key' || value === 'off') return value;
  throw new ConfigError('DOCINTEL_METRICS', `must be public, key or off, got "${raw}"`);
}

function parseLlm(env: Env): LlmSettings | null {
  const baseUrl = str(env, 'DOCINTEL_LLM_BASE_URL');
  if (!baseUrl) return null;
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new ConfigError('DOCINTEL_LLM_BASE_URL', `"${baseUrl}" is not an http(s) URL`);
  return { baseUrl, apiKey: str(env, 'DOCINTEL_LLM_API_KEY'), model: str(env, 'DOCINTEL_LLM_MODEL') ?? 'gpt-4o-mini' };
}

/** `*`, or origins as browsers send them: scheme://host[:port], no path, no trailing slash. */
function parseCorsOrigins(raw: string | null): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin)) {
      throw new ConfigError('DOCINTEL_CORS_ORIGINS', `"${origin}" is not an origin like https://app.example.com`);
    }
  }
  return origins;
}

/**
 * With OCR lanes off, a page's recognizer batches go to one single-threaded recognizer thread per core (a lane
 * reads its pages alone); one core gains nothing from them.
 */
function inferenceSettings(env: Env, cpuCount: number): InferenceSettings {
  const threads = int(env, 'DOCINTEL_INFERENCE_THREADS', Math.max(1, cpuCount), 1, 256);
  const ocrLanes = int(env, 'DOCINTEL_INFERENCE_OCR_LANES', 0, 0, 64);
  const recognizerThreads = ocrLanes === 0 && threads >= 2 ? threads : 0;
  return {
    deadlineMs: int(env, 'DOCINTEL_INFERENCE_DEADLINE_MS', 30_000, 100),
    threads,
    ocrLanes,
    ocrRecognizerThreads: int(env, 'DOCINTEL_INFERENCE_OCR_RECOGNIZER_THREADS', recognizerThreads, 0, 64),
    queueLimit: int(env, 'DOCINTEL_INFERENCE_QUEUE_LIMIT', 64, 1),
    idleReleaseMs: int(env, 'DOCINTEL_INFERENCE_IDLE_RELEASE_MS', 30_000, 0),
  };
}

export function loadConfig(env: Env = process.env, cpuCount = 2): Config {
  const dataDir = path.resolve(str(env, 'DOCINTEL_DATA_DIR') ?? './data');
  const natsUrl = str(env, 'DOCINTEL_NATS_URL');
  if (natsUrl && !/^(nats|tls|ws|wss):\/\/[^\s]+$/.test(natsUrl)) {
    throw new ConfigError('DOCINTEL_NATS_URL', `"${natsUrl}" is not a nats:// URL`);
  }
  const logLevel = str(env, 'DOCINTEL_LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('DOCINTEL_LOG_LEVEL', `unknown level "${logLevel}"`);
  }
  const maxUploadBytes = int(env, 'DOCINTEL_MAX_UPLOAD_BYTES', 100 * 1024 * 1024, 1024);
  return {
    host: str(env, 'HOST') ?? '0.0.0.0',
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    apiKeys: parseApiKeys(str(env, 'DOCINTEL_API_KEYS')),
    natsUrl,
    inferenceAddrs: parseInferenceAddrs(str(env, 'DOCINTEL_INFERENCE_ADDR')),
    lancedbUri: str(env, 'DOCINTEL_LANCEDB_URI') ?? path.join(dataDir, 'lancedb'),
    fileRetentionDays: int(env, 'DOCINTEL_FILE_RETENTION_DAYS', 0, 0, 36500),
    logLevel,
    limits: {
      maxUploadBytes,
      maxFilesPerRequest: int(env, 'DOCINTEL_MAX_FILES_PER_REQUEST', 20, 1, 1000),
      maxPages: int(env, 'DOCINTEL_MAX_PAGES', 2000, 1),
      maxPagePixels: int(env, 'DOCINTEL_MAX_PAGE_PIXELS', 100_000_000, 10_000),
      // Inline base64 grows by 4/3; leave room for the JSON around it.
      maxJsonBodyBytes: Math.ceil(maxUploadBytes * 1.4) + 1024 * 1024,
      rateLimitPerMinute: int(env, 'DOCINTEL_RATE_LIMIT_PER_MINUTE', 1200, 0),
      maxConcurrentJobsPerKey: int(env, 'DOCINTEL_MAX_CONCURRENT_JOBS', 32, 0),
      maxQueuedJobs: int(env, 'DOCINTEL_MAX_QUEUED_JOBS', 32, 0),
      syncBudgetMs: int(env, 'DOCINTEL_SYNC_BUDGET_MS', 120_000, 100),
    },
    jobs: {
      timeoutMs: int(env, 'DOCINTEL_JOB_TIMEOUT_MS', 1_800_000, 1000),
      retentionDays: int(env, 'DOCINTEL_JOB_RETENTION_DAYS', 7, 1, 3650),
      maxAttempts: int(env, 'DOCINTEL_JOB_MAX_ATTEMPTS', 3, 1, 100),
      retryBudgetMs: int(env, 'DOCINTEL_JOB_RETRY_BUDGET_MS', 600_000, 1000),
      leaseMs: int(env, 'DOCINTEL_JOB_LEASE_MS', 30_000, 500),
      workerConcurrency: int(env, 'DOCINTEL_WORKER_CONCURRENCY', 2, 1, 256),
      renderThreads: int(env, 'DOCINTEL_RENDER_THREADS', Math.max(1, cpuCount), 1, 256),
      documentTaskTimeoutMs: int(env, 'DOCINTEL_DOCUMENT_TASK_TIMEOUT_MS', 60_000, 1000),
    },
    inference: inferenceSettings(env, cpuCount),
    webhookSecret: str(env, 'DOCINTEL_WEBHOOK_SECRET'),
    webhooks: {
      maxAttempts: int(env, 'DOCINTEL_WEBHOOK_MAX_ATTEMPTS', 5, 1, 20),
      retryBaseMs: int(env, 'DOCINTEL_WEBHOOK_RETRY_BASE_MS', 1000, 1, 3_600_000),
      timeoutMs: int(env, 'DOCINTEL_WEBHOOK_TIMEOUT_MS', 10_000, 100, 300_000),
      allowPrivate: bool(env, 'DOCINTEL_WEBHOOK_ALLOW_PRIVATE', false),
    },
    metrics: parseMetricsAccess(str(env, 'DOCINTEL_METRICS')),
    corsOrigins: parseCorsOrigins(str(env, 'DOCINTEL_CORS_ORIGINS')),
    heapGrowthPercent: int(env, 'DOCINTEL_HEAP_GROWTH_PERCENT', 50, 0, 1000),
    faults: parseFaults(str(env, 'DOCINTEL_FAULTS')),
    llm: parseLlm(env),
    extractCalibration: bool(env, 'DOCINTEL_EXTRACT_CALIBRATION', true),
  };
}

/**
 * DOCINTEL_ASK_RETRIEVAL: `hybrid` (default; BM25 only when no embedding model is served) or `bm25`. Read where
 * ask runs, at each request, so that a benchmark can compare both in one process.
 */
export function askRetrievalMode(env: Env = process.env): 'bm25' | 'hybrid' {
  const raw = str(env, 'DOCINTEL_ASK_RETRIEVAL');
  if (raw === null) return 'hybrid';
  const mode = raw.toLowerCase();
  if (mode === 'bm25' || mode === 'hybrid') return mode;
  throw new ConfigError('DOCINTEL_ASK_RETRIEVAL', `must be bm25 or hybrid, got "${raw}"`);
}
