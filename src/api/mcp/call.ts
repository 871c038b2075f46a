import type { FastifyInstance } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JobProgress, JobRef, JobService } from '../../jobs/mod.ts';
import type { RegisteredTool } from '../tools/types.ts';
import { ToolArgumentError, toolHttpRequest } from './http-request.ts';
import { ToolCallAbortedError, waitForFinalJob } from './job-wait.ts';
import { isWindowed, PAGE_VIEWS, RESULT_TOOL } from './page-views.ts';
import { executionModes } from './toolset.ts';
import { windowArguments, windowResult } from './window.ts';

/**
 * A tool call runs the tool's own route in-process (`app.inject`) with the MCP request's Authorization header, so
 * validation, authentication, limits and results are exactly the HTTP API's. Processing tools run as jobs unless
 * the caller asks for `sync`; the call waits for the job and reports its page progress.
 */

export interface ToolCaller {
  app: FastifyInstance;
  jobs: JobService;
  tenant: string;
  authorization: string;
  /** Sends an MCP progress notification (a no-op when the request carried no progressToken). */
  progress(progress: JobProgress): Promise<void>;
  signal: AbortSignal;
}

type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** How long one tools/call waits for its job before answering the JobRef instead (the connection is held meanwhile). */
const MAX_JOB_WAIT_MS = 10 * 60_000;

export async function callTool(tool: RegisteredTool, args: Record<string, unknown>, caller: ToolCaller): Promise<CallToolResult> {
  try {
    if (isWindowed(tool)) return await callWindowed(tool, args, caller);
    const { result } = await run(tool, args, caller);
    return result;
  } catch (err) {
    if (err instanceof ToolArgumentError || err instanceof ToolCallAbortedError) return errorResult(err.message);
    throw err;
  }
}

/**
 * Without an explicit mode a processing tool runs async (progress, no sync time budget) unless its route is
 * sync-only (the synthesize family). An explicit `async` returns the JobRef at once, for callers that poll with
 * the job tools themselves.
 */
function runsAsJob(tool: RegisteredTool, args: Record<string, unknown>): boolean {
  return args.execution_mode === undefined && executionModes(tool).includes('async');
}

/** The tool's own answer; `body` is the success body when it is one (not a JobRef, error or still-running note). */
interface Answer {
  result: CallToolResult;
  body?: Record<string, unknown>;
  jobId?: string;
}

async function run(tool: RegisteredTool, args: Record<string, unknown>, caller: ToolCaller): Promise<Answer> {
  if (tool.operation && runsAsJob(tool, args)) return callAsJob(tool, args, caller);
  const response = await inject(tool, args, caller);
  const explicitAsync = args.execution_mode === 'async';
  return { result: resultOf(response), body: explicitAsync ? undefined : successBody(response) };
}

/**
 * A windowed tool: a compact window of its result by default (window.ts), the next window of a finished job's
 * result when a cursor names it, the whole body with `format: "json"`. A job result is windowed by the view of
 * the job's operation (parse, ocr, layout, tables); other operations' results are answered whole.
 */
async function callWindowed(tool: RegisteredTool, args: Record<string, unknown>, caller: ToolCaller): Promise<CallToolResult> {
  const { window, rest } = windowArguments(tool.name, args);
  const answer = window.cursor?.job_id ? await jobResult(window.cursor.job_id, caller) : await run(tool, rest, caller);
  if (window.format === 'json' || !answer.body) return answer.result;
  const jobId = answer.jobId ?? (tool.name === RESULT_TOOL ? String(rest.job_id) : undefined);
  const viewName = tool.name === RESULT_TOOL && jobId ? await operationOf(jobId, caller) : tool.name;
  const pageView = viewName ? PAGE_VIEWS[viewName] : undefined;
  if (!pageView) return answer.result;
  const view = pageView(answer.body);
  return windowResult({ name: tool.name, mcpName: tool.mcp_name ?? tool.name }, view, window, jobId);
}

async function operationOf(jobId: string, caller: ToolCaller): Promise<string | undefined> {
  const job = successBody(await inject(getTool(`/v1/jobs/${encodeURIComponent(jobId)}`), {}, caller));
  return typeof job?.operation === 'string' ? job.operation : undefined;
}

async function jobResult(jobId: string, caller: ToolCaller): Promise<Answer> {
  const response = await inject(getTool(`/v1/jobs/${encodeURIComponent(jobId)}/result`), {}, caller);
  return { result: resultOf(response), body: successBody(response), jobId };
}

function successBody(res: InjectResponse): Record<string, unknown> | undefined {
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) return undefined;
  const value = JSON.parse(res.body) as unknown;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

async function callAsJob(tool: RegisteredTool, args: Record<string, unknown>, caller: ToolCaller): Promise<Answer> {
  const submitted = await inject(tool, { ...args, execution_mode: 'async' }, caller);
  if (submitted.statusCode !== 200) return { result: resultOf(submitted) };
  const jobId = (submitted.json() as JobRef).job_id;
  let sent = -1;
  const onChange = (ref: JobRef) => {
    // MCP progress must increase; a retried job may start over, so only forward new highs.
    if (!ref.progress || ref.progress.done <= sent) return;
    sent = ref.progress.done;
    void caller.progress(ref.progress).catch(() => {});
  };
  const patience = AbortSignal.timeout(MAX_JOB_WAIT_MS);
  let final: JobRef;
  try {
    final = await waitForFinalJob(caller.jobs, caller.tenant, jobId, onChange, AbortSignal.any([caller.signal, patience]));
  } catch (err) {
    if (err instanceof ToolCallAbortedError && patience.aborted && !caller.signal.aborted)
      return { result: await stillRunning(jobId, caller) };
    throw err;
  }
  // A failed job answers 409 with its error here, which becomes an error result like any HTTP error.
  return jobResult(final.job_id, caller);
}

/** A job outliving the wait (no worker running, a huge document): its JobRef, to be followed with the job tools. */
async function stillRunning(jobId: string, caller: ToolCaller): Promise<CallToolResult> {
  const result = resultOf(await inject(getTool(`/v1/jobs/${encodeURIComponent(jobId)}`), {}, caller));
  if (result.isError) return result;
  const note = `Job ${jobId} is still running after ${MAX_JOB_WAIT_MS / 60_000} minutes; follow it with get_job and read its result with get_job_result.`;
  return { ...result, content: [...result.content, { type: 'text', text: note }] };
}

function getTool(url: string): RegisteredTool {
  return { name: 'get_job_result', description: '', endpoint: null, mcp_name: null, method: 'GET', url, inputSchema: {} };
}

function inject(tool: RegisteredTool, args: Record<string, unknown>, caller: ToolCaller): Promise<InjectResponse> {
  const request = toolHttpRequest(tool, args, caller.authorization);
  return caller.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
}

/** The HTTP answer as a tool result: JSON as text plus structuredContent, images as image content, errors flagged. */
export function resultOf(res: InjectResponse): CallToolResult {
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400) return errorResult(`HTTP ${res.statusCode}: ${res.body}`, errorDetailOf(res));
  if (type.startsWith('image/')) {
    return { content: [{ type: 'image', data: res.rawPayload.toString('base64'), mimeType: type.split(';')[0] }] };
  }
  if (!type.includes('json')) return { content: [{ type: 'text', text: res.body }] };
  const value = JSON.parse(res.body) as unknown;
  const structured =
    value && typeof value === 'object' && !Array.isArray(value) ? { structuredContent: value as Record<string, unknown> } : {};
  return { content: [{ type: 'text', text: res.body }], ...structured };
}

function errorDetailOf(res: InjectResponse): Record<string, unknown> {
  try {
    const body = JSON.parse(res.body) as { detail?: unknown };
    return { status_code: res.statusCode, detail: body.detail ?? body };
  } catch {
    return { status_code: res.statusCode, detail: res.body };
  }
}

export function errorResult(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}) };
}
