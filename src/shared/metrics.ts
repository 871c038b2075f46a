import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, on one registry of their own (not prom-client's global one, so a library
 * registering there cannot clash). Metrics describe a process: the API, the job worker and the inference client
 * of one process record here, and GET /metrics (src/api/metrics/metrics.routes.ts) exposes them.
 */
export const metricsRegistry = new Registry();

let defaultMetricsOn = false;

/**
 * The Node process metrics (CPU, memory, event loop lag, GC), started by the process that serves /metrics only:
 * importing this module (worker threads, the inference process through its client) costs nothing.
 */
export function enableDefaultMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency (until the response is sent), by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const jobsFinished = new Counter({
  name: 'jobs_total',
  help: "Jobs finished by this process's worker, by operation and final status (completed or failed)",
  labelNames: ['operation', 'status'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Time one job attempt ran in the worker (handler start to stored result), by operation',
  labelNames: ['operation'] as const,
  buckets: JOB_BUCKETS,
  registers: [metricsRegistry],
});

const inferenceProviders = new Gauge({
  name: 'docintel_inference_execution_provider',
  help: 'Execution providers of the inference process last seen answering a readiness check (1 each; cuda when it runs on a GPU)',
  labelNames: ['provider'] as const,
  registers: [metricsRegistry],
});

/** What the inference process reported it runs on (its Health answer). */
export function recordInferenceProviders(providers: readonly string[]): void {
  inferenceProviders.reset();
  for (const provider of providers) inferenceProviders.set({ provider }, 1);
}

export const pagesProcessed = new Counter({
  name: 'pages_processed_total',
  help: 'Pages processed by completed jobs, by operation',
  labelNames: ['operation'] as const,
  registers: [metricsRegistry],
});

export const inferenceRpcDuration = new Histogram({
  name: 'inference_rpc_duration_seconds',
  help: 'Inference gRPC call latency (retries included), by method',
  labelNames: ['method'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const inferenceRpcErrors = new Counter({
  name: 'inference_rpc_errors_total',
  help: 'Inference gRPC calls that failed (after retries), by method',
  labelNames: ['method'] as const,
  registers: [metricsRegistry],
});

export const ocrLines = new Counter({
  name: 'ocr_lines_total',
  help: 'Text lines returned by OCR (lines per second: rate(ocr_lines_total[5m]))',
  registers: [metricsRegistry],
});

export const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome (delivered, retrying, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** Where queue_depth reads from; the API's metrics plugin sets it (a process without a queue reports none). */
let queueDepthSource: (() => Promise<number>) | null = null;

export function setQueueDepthSource(source: (() => Promise<number>) | null): void {
  queueDepthSource = source;
}

// Registered for its scrape-time collect(); nothing sets it directly.
new Gauge({
  name: 'queue_depth',
  help: 'Jobs waiting in the queue or leased to a worker (read at scrape time)',
  registers: [metricsRegistry],
  async collect() {
    if (!queueDepthSource) return;
    try {
      this.set(await queueDepthSource());
    } catch {
      // The queue is down: the scrape still answers, without a fresh value (readiness reports the outage).
    }
  },
});
