import * as grpc from '@grpc/grpc-js';
import type { Config } from '../shared/config.ts';
import { inferenceRpcDuration, inferenceRpcErrors, ocrLines } from '../shared/metrics.ts';
import { unpackVectors } from './embed/vectors.ts';
import { InferenceCallError, InferenceUnavailableError } from './errors.ts';
import { loadInferenceProto, MAX_MESSAGE_BYTES } from './proto.ts';
import type { EmbedResponse, HealthResponse, ListModelsResponse, RecognizePageResponse } from './types.ts';

/** One page for OCR: the encoded image (or a blob key of the shared filesystem store) and how to read it. */
export interface PageOcrCall {
  image?: Uint8Array;
  blobKey?: string;
  mode?: 'regular' | 'classic' | 'agentic';
  language?: 'auto' | 'global';
  assumeUpright?: boolean;
}

function pageMessage(page: PageOcrCall): object {
  const source = page.image ? { image: page.image } : { blob_key: page.blobKey };
  return { ...source, mode: page.mode ?? 'regular', language: page.language ?? 'auto', assume_upright: page.assumeUpright ?? false };
}

export interface EmbedOptions extends CallOptions {
  /** A text-embedding slot id; default: the server's first available one. */
  model?: string;
}

/** Embeddings in request order: unit length, or all zeros for a text the model has no token for. */
export interface Embeddings {
  model: string;
  dims: number;
  vectors: Float32Array[];
}

export interface InferenceClientOptions {
  /** Default deadline of each call (config.inference.deadlineMs). */
  deadlineMs: number;
  /** Extra attempts on UNAVAILABLE, each on the next address. */
  retries?: number;
  /** First pause before a retry; doubles per retry. */
  retryBackoffMs?: number;
}

export interface CallOptions {
  deadlineMs?: number;
  signal?: AbortSignal;
}

/** Retry-After hints (seconds) when the server sent none. */
const RETRY_AFTER_SECONDS: Record<number, number> = {
  [grpc.status.UNAVAILABLE]: 2,
  [grpc.status.DEADLINE_EXCEEDED]: 5,
  [grpc.status.RESOURCE_EXHAUSTED]: 1,
};

/** Reconnect quickly after a sidecar restart instead of grpc-js's default 120 s backoff ceiling. */
const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.initial_reconnect_backoff_ms': 100,
  'grpc.max_reconnect_backoff_ms': 2000,
  'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
};

/**
 * Client of one or more inference processes: one channel per address, round robin per call, a deadline
 * on every call, UNAVAILABLE retried on the next address, failures mapped to typed errors.
 */
export class InferenceClient {
  private readonly clients: grpc.Client[];
  private next = 0;
  private readonly deadlineMs: number;
  private readonly retries: number;
  private readonly retryBackoffMs: number;

  constructor(
    readonly addresses: string[],
    options: InferenceClientOptions,
  ) {
    if (addresses.length === 0) throw new Error('InferenceClient needs at least one address');
    const { Client } = loadInferenceProto();
    this.clients = addresses.map((address) => new Client(address, grpc.credentials.createInsecure(), CHANNEL_OPTIONS));
    this.deadlineMs = options.deadlineMs;
    this.retries = options.retries ?? 2;
    this.retryBackoffMs = options.retryBackoffMs ?? 50;
  }

  static fromConfig(config: Config, addresses: string[] = config.inferenceAddrs): InferenceClient {
    return new InferenceClient(addresses, { deadlineMs: config.inference.deadlineMs });
  }

  health(options: CallOptions = {}): Promise<HealthResponse> {
    return this.call<HealthResponse>('Health', {}, options);
  }

  listModels(options: CallOptions = {}): Promise<ListModelsResponse> {
    return this.call<ListModelsResponse>('ListModels', {}, options);
  }

  /** OCR of one page image (coordinates in the upright image). */
  async recognizePage(page: PageOcrCall, options: CallOptions = {}): Promise<RecognizePageResponse> {
    const reply = await this.call<RecognizePageResponse>('RecognizePage', pageMessage(page), options);
    ocrLines.inc(reply.lines?.length ?? 0);
    return reply;
  }

  /** OCR of several pages in one call; answers in request order. */
  async recognizePages(pages: PageOcrCall[], options: CallOptions = {}): Promise<RecognizePageResponse[]> {
    const reply = await this.call<{ pages: RecognizePageResponse[] }>('RecognizePages', { pages: pages.map(pageMessage) }, options);
    ocrLines.inc(reply.pages.reduce((sum, p) => sum + (p.lines?.length ?? 0), 0));
    return reply.pages;
  }

  /**
   * Sentence embeddings (at most 1024 texts per call). FAILED_PRECONDITION (InferenceCallError) when the server has
   * no embedding model installed: callers then search by keywords only.
   */
  async embed(texts: string[], options: EmbedOptions = {}): Promise<Embeddings> {
    const reply = await this.call<EmbedResponse>('Embed', { texts, model_id: options.model ?? '' }, options);
    return { model: reply.model_id, dims: reply.dims, vectors: unpackVectors(reply.vectors, reply.dims) };
  }

  /** Polls Health until some address answers SERVING; throws InferenceUnavailableError after timeoutMs. */
  async waitForReady(timeoutMs: number, signal?: AbortSignal): Promise<HealthResponse> {
    const until = Date.now() + timeoutMs;
    let last = 'no answer';
    while (!signal?.aborted) {
      const remaining = until - Date.now();
      if (remaining <= 0) break;
      try {
        const health = await this.health({ deadlineMs: Math.min(remaining, 1000), signal });
        if (health.status === 'SERVING') return health;
        last = `status ${health.status}`;
      } catch (err) {
        last = (err as Error).message;
      }
      await sleep(Math.min(100, Math.max(0, until - Date.now())));
    }
    const why = signal?.aborted ? 'aborted' : `not ready within ${timeoutMs} ms`;
    throw new InferenceUnavailableError(grpc.status.UNAVAILABLE, `${why} (last: ${last})`, RETRY_AFTER_SECONDS[grpc.status.UNAVAILABLE]);
  }

  close(): void {
    for (const client of this.clients) client.close();
  }

  /** Unary call with deadline and retries; every RPC goes through here (latency and errors are metrics). */
  async call<Res>(method: string, request: object, options: CallOptions = {}): Promise<Res> {
    const stopTimer = inferenceRpcDuration.startTimer({ method });
    try {
      return await this.callWithRetries<Res>(method, request, options);
    } catch (err) {
      inferenceRpcErrors.inc({ method });
      throw err;
    } finally {
      stopTimer();
    }
  }

  private async callWithRetries<Res>(method: string, request: object, options: CallOptions): Promise<Res> {
    const deadline = Date.now() + (options.deadlineMs ?? this.deadlineMs);
    const first = this.pickAddress();
    // Every address gets its chance before a call gives up, however few retries are configured.
    const retries = Math.max(this.retries, this.clients.length - 1);
    let attempt = 0;
    for (;;) {
      // A retry goes to the address after the one that failed, not to the shared round robin's next pick,
      // which under concurrency can land on the dead address again and again.
      const index = (first + attempt) % this.clients.length;
      try {
        return await this.invoke<Res>(index, method, request, deadline, options.signal);
      } catch (err) {
        const serviceError = err as grpc.ServiceError;
        const pause = this.retryBackoffMs * 2 ** attempt;
        const retry =
          serviceError.code === grpc.status.UNAVAILABLE && attempt < retries && Date.now() + pause < deadline && !options.signal?.aborted;
        if (!retry) throw toInferenceError(serviceError, this.addresses[index]);
        attempt++;
        await sleep(pause);
      }
    }
  }

  /** Round robin, skipping channels gRPC already knows are down while another one may still answer. */
  private pickAddress(): number {
    const n = this.clients.length;
    const start = this.next++ % n;
    for (let k = 0; k < n; k++) {
      const index = (start + k) % n;
      if (this.clients[index].getChannel().getConnectivityState(false) !== grpc.connectivityState.TRANSIENT_FAILURE) return index;
    }
    return start;
  }

  private invoke<Res>(index: number, method: string, request: object, deadline: number, signal?: AbortSignal): Promise<Res> {
    // biome-ignore lint/complexity/noBannedTypes: grpc-js generates the service's methods at run time, untyped.
    const client = this.clients[index] as unknown as Record<string, Function>;
    return new Promise<Res>((resolve, reject) => {
      let call: grpc.ClientUnaryCall | null = null;
      const cancel = () => call?.cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      call = client[method].call(
        this.clients[index],
        request,
        new grpc.Metadata(),
        { deadline },
        (err: grpc.ServiceError | null, response: Res) => {
          signal?.removeEventListener('abort', cancel);
          if (err) reject(err);
          else resolve(response);
        },
      ) as grpc.ClientUnaryCall;
    });
  }
}

export function toInferenceError(err: grpc.ServiceError, address: string): Error {
  if (typeof err?.code !== 'number') return new InferenceCallError(grpc.status.INTERNAL, String(err?.message ?? err), address);
  const fallback = RETRY_AFTER_SECONDS[err.code];
  if (fallback === undefined) return new InferenceCallError(err.code, err.details || err.message, address);
  const hinted = Number(err.metadata?.get('retry-after-seconds')[0]);
  const retryAfter = Number.isFinite(hinted) && hinted > 0 ? hinted : fallback;
  return new InferenceUnavailableError(err.code, `${address}: ${err.details || err.message}`, retryAfter, address);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
