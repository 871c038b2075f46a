import { multipart, uniquePdf, type LoadDocuments } from './documents.ts';
import { backOff, type Outcome, type StepRecorder } from './recorder.ts';

/**
 * The HTTP request mix of one closed-loop client. Each client walks a fixed cycle of operations (offset by its
 * number, so clients are not in lock step): sync parse of a small digital PDF (inline, unique bytes), upload of
 * one (unique) PDF, GET of a job's status, GET of a page image of a recently uploaded file.
 * A 429/503 with Retry-After is back-pressure: the client waits as told (at most MAX_BACKOFF_S) and goes on.
 */
export const OPERATIONS = ['parse_sync', 'upload', 'job_status', 'page_image', 'parse_sync_heavy'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** 20 slots: 5 parse, 5 upload, 6 job status, 4 page image. */
const CYCLE: Operation[] = [
  'parse_sync',
  'upload',
  'job_status',
  'page_image',
  'job_status',
  'upload',
  'parse_sync',
  'job_status',
  'upload',
  'page_image',
  'parse_sync',
  'job_status',
  'upload',
  'page_image',
  'parse_sync',
  'job_status',
  'upload',
  'page_image',
  'parse_sync',
  'job_status',
];
export const MIX_DESCRIPTION =
  '25% sync parse (3-page digital PDF, inline, unique bytes), 25% upload (same PDF, unique bytes), 30% GET job status, 20% GET page image (144 dpi PNG of a recently uploaded file)';
const MAX_BACKOFF_S = 10;
const RECENT_FILES = 64;

export interface HttpTarget {
  base: string;
  auth: Record<string, string>;
  /** Client-side deadline of one request; past it the request counts as a timeout. */
  timeoutMs: number;
}

/** State the mix shares between clients: job ids to poll and recently uploaded files to view. */
export class MixState {
  readonly recentFiles: string[] = [];
  private turn = 0;

  constructor(
    readonly docs: LoadDocuments,
    readonly jobIds: string[],
    seedFileId: string,
  ) {
    this.recentFiles.push(seedFileId);
  }

  addFile(fileId: string): void {
    this.recentFiles.push(fileId);
    if (this.recentFiles.length > RECENT_FILES) this.recentFiles.shift();
  }

  /** Round robin over shared lists (deterministic, no RNG). */
  pick<T>(list: T[]): T {
    return list[this.turn++ % list.length];
  }
}

/** The client's next operation: slot `step` of the cycle, offset by the client's number. */
export function operationFor(client: number, step: number): Operation {
  return CYCLE[(client * 7 + step) % CYCLE.length];
}

interface Answer {
  outcome: Outcome;
  body?: unknown;
  retryAfterS?: number;
}

/** One request, classified. Only 2xx bodies are read as JSON (when `json`), others are drained. */
async function request(target: HttpTarget, path: string, init: RequestInit, json: boolean): Promise<Answer> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  let res: Response;
  try {
    res = await fetch(`${target.base}${path}`, {
      ...init,
      headers: { ...target.auth, ...init.headers },
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    if (res.status >= 200 && res.status < 300) {
      const body = json ? await res.json() : await res.arrayBuffer();
      return { outcome: { kind: 'ok', ms: ms() }, body };
    }
    await res.arrayBuffer();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { outcome: { kind: 'timeout', ms: ms() } };
    return { outcome: { kind: 'error', code: 'network', ms: ms() } };
  }
  if (res.status === 429 || res.status === 503) {
    const header = res.headers.get('retry-after');
    const seconds = header === null ? NaN : Number(header);
    const retryAfter = Number.isFinite(seconds) && seconds >= 0;
    return { outcome: { kind: 'shed', code: String(res.status), retryAfter, ms: ms() }, retryAfterS: retryAfter ? seconds : 1 };
  }
  return { outcome: { kind: 'error', code: String(res.status), ms: ms() } };
}

async function runOperation(op: Operation, target: HttpTarget, state: MixState): Promise<Answer> {
  const { docs } = state;
  switch (op) {
    case 'parse_sync': {
      const body = JSON.stringify({
        input: { pdf_base64: uniquePdf(docs.pdf).toString('base64'), filename: 'load.pdf' },
        execution_mode: 'sync',
      });
      const answer = await request(
        target,
        '/api/v1/parse',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        false,
      );
      if (answer.outcome.kind === 'ok') answer.outcome.pages = docs.pdfPages;
      return answer;
    }
    case 'parse_sync_heavy': {
      if (!docs.heavy) throw new Error('the overload document is not sized yet');
      const body = JSON.stringify({
        input: { pdf_base64: uniquePdf(docs.heavy.pdf).toString('base64'), filename: 'heavy.pdf' },
        execution_mode: 'sync',
      });
      const answer = await request(
        target,
        '/api/v1/parse',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        false,
      );
      if (answer.outcome.kind === 'ok') answer.outcome.pages = docs.heavy.pages;
      return answer;
    }
    case 'upload': {
      const form = multipart('load.pdf', uniquePdf(docs.pdf));
      const answer = await request(
        target,
        '/api/v1/upload',
        { method: 'POST', headers: { 'content-type': form.contentType }, body: form.body },
        true,
      );
      const fileId = (answer.body as { files?: { file_id: string }[] } | undefined)?.files?.[0]?.file_id;
      if (fileId) state.addFile(fileId);
      return answer;
    }
    case 'job_status':
      return request(target, `/v1/jobs/${state.pick(state.jobIds)}`, {}, true);
    case 'page_image': {
      const fileId = state.pick(state.recentFiles);
      const page = state.pick([0, 1, 2].slice(0, docs.pdfPages));
      const answer = await request(target, `/v1/files/${fileId}/pages/${page}/image`, {}, false);
      if (answer.outcome.kind === 'ok') answer.outcome.pages = 1;
      return answer;
    }
  }
}

/** One API key's view: where to send, and the jobs and files it owns (ids of another key answer 404). */
export interface Tenant {
  target: HttpTarget;
  state: MixState;
}

/** The overload step's client: only sync parses of the heavy PDF. */
export function heavyParseClient(tenants: Tenant[], recorder: StepRecorder) {
  return async (client: number, deadline: number): Promise<void> => {
    const { target, state } = tenants[client % tenants.length];
    const answer = await runOperation('parse_sync_heavy', target, state);
    recorder.record('parse_sync_heavy', answer.outcome);
    if (answer.outcome.kind === 'shed') await backOff(Math.min(MAX_BACKOFF_S, answer.retryAfterS ?? 1), deadline);
  };
}

/** One client's loop body (client n speaks for tenant n mod tenants): the next operation, recorded, then a back-off when asked. */
export function mixClient(tenants: Tenant[], recorder: StepRecorder) {
  const steps = new Map<number, number>();
  return async (client: number, deadline: number): Promise<void> => {
    const step = steps.get(client) ?? 0;
    steps.set(client, step + 1);
    const op = operationFor(client, step);
    const { target, state } = tenants[client % tenants.length];
    const answer = await runOperation(op, target, state);
    recorder.record(op, answer.outcome);
    if (answer.outcome.kind === 'shed') await backOff(Math.min(MAX_BACKOFF_S, answer.retryAfterS ?? 1), deadline);
  };
}
