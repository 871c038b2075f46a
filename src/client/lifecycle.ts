/**
 * File and job lifecycle helpers (decisions.md, "Extensions beyond the contract"): list files and jobs a page at a
 * time, delete a file, cancel a job. Written over the transport rather than the generated paths so they do not
 * depend on the generated types being regenerated first; `send` is the same escape hatch for any route.
 */
import type { JobRef } from './jobs.ts';
import type { components } from './schema.ts';
import { apiErrorFrom, request, type Transport } from './transport.ts';

type FileRef = components['schemas']['FileRef'];

export interface PageOptions {
  /** 1–200; the server's default is 50. */
  limit?: number;
  /** The `next_cursor` of the previous page. */
  cursor?: string;
}

export interface JobListOptions extends PageOptions {
  status?: JobRef['status'];
  operation?: string;
}

export interface FilePage {
  files: FileRef[];
  next_cursor: string | null;
}

export interface JobPage {
  jobs: JobRef[];
  next_cursor: string | null;
}

export interface SendOptions {
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

function withQuery(path: string, query: SendOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** One request: the parsed JSON body (undefined for 204), or a DocintelApiError for a non-2xx answer. */
export async function send<T>(transport: Transport, method: string, path: string, options: SendOptions = {}): Promise<T> {
  const init: RequestInit = { method, signal: options.signal };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await transport.fetch(request(transport, withQuery(path, options.query), init));
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function lifecycle(transport: Transport) {
  const id = encodeURIComponent;
  return {
    /** GET /v1/files: the caller's files, newest first, one page. */
    listFiles: (options: PageOptions = {}) => send<FilePage>(transport, 'GET', '/v1/files', { query: { ...options } }),
    /** DELETE /v1/files/{id}: the original, its page images, cached analyses and ask-index entries. */
    deleteFile: (fileId: string) => send<void>(transport, 'DELETE', `/v1/files/${id(fileId)}`),
    /** GET /v1/jobs: the caller's jobs, newest first, one page, optionally filtered. */
    listJobs: (options: JobListOptions = {}) => send<JobPage>(transport, 'GET', '/v1/jobs', { query: { ...options } }),
    /** POST /v1/jobs/{id}/cancel: the JobRef; the job ends `failed` with a "cancelled" error. 409 once finished. */
    cancelJob: (jobId: string) => send<JobRef>(transport, 'POST', `/v1/jobs/${id(jobId)}/cancel`),
  };
}

export type LifecycleHelpers = ReturnType<typeof lifecycle>;
