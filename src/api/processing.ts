import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedError, ValidationError } from '../shared/errors.ts';
import { toJobRef, webhookTargetProblem } from '../jobs/mod.ts';
import type { AppContext } from './context.ts';
import { closedProperties, processingProperties, type ProcessingRequest } from '../jobs/mod.ts';
import { errorResponses } from './schemas/common.ts';
import { withExample } from './schemas/examples.ts';
import { resolveInput, type InputSource } from './services/inputs.ts';
import { checkPageRangeBounds, checkPageRangeSyntax } from './services/page-range.ts';
import type { RouteToolConfig } from './tools/types.ts';

/**
 * A processing request body as its route receives it, read from the schemas: the shared members and the
 * operation's own `P`, its inputs still as the caller gave them (inline content allowed).
 */
export type ReceivedBody<P, Required extends PropertyKey = 'input'> = ProcessingRequest<P, Required, { 'InputSource#': InputSource }>;

/** Who sent a request, for a route's own checks. */
export interface RouteCaller {
  ctx: AppContext;
  tenant: string;
}

/**
 * One processing endpoint: its URL, the operation its job handler implements, its own request members and its
 * success body. Shared members (input, execution_mode, billing_profile, webhook_url) and the sync/async
 * behaviour are the same for all, so adding an endpoint is one spec in one route file. `Body`: the validated
 * body's type, for `validate`.
 */
export interface ProcessingRouteSpec<Body = Record<string, unknown>> {
  url: string;
  operation: string;
  summary: string;
  description?: string;
  /** Request members beyond the shared ones. */
  properties: Record<string, unknown>;
  required?: string[];
  /** JSON Schema of the success body (also the body of GET /v1/jobs/{id}/result). */
  response: Record<string, unknown>;
  defaultMode?: 'async' | 'sync';
  /**
   * Checks JSON Schema cannot express (a payload's deep structure, a referenced file of the tenant): it throws an
   * AppError (422, 404) before anything is stored or queued, so async requests are refused as sync ones are.
   */
  validate?(body: Body, caller: RouteCaller): Promise<void> | void;
  /**
   * The synthesize family (decisions.md): only its listed members (anything else is a 422, not ignored), only
   * `sync` (async is a 422), no `input`/`webhook_url`, and its `inputs` are file references passed through as given.
   */
  closed?: boolean;
  /**
   * The route as a tool of the registry (GET /v1/agents/tools, MCP). Default: named after the operation, described
   * from summary and description plus how an LLM passes the document. `false` for aliases of another route.
   */
  tool?: RouteToolConfig | false;
}

interface ProcessingBody {
  input?: InputSource;
  execution_mode: 'async' | 'sync';
  billing_profile: 'standard' | 'engineering_drawing';
  webhook_url?: string | null;
  page_range?: string | null;
  [member: string]: unknown;
}

export function registerProcessingRoute(app: FastifyInstance, ctx: AppContext, spec: ProcessingRouteSpec): void {
  app.post<{ Body: ProcessingBody }>(
    spec.url,
    {
      config: { tool: processingTool(spec), operation: spec.operation },
      schema: {
        tags: ['processing'],
        summary: spec.summary,
        description: spec.closed
          ? spec.description
          : `${spec.description ?? ''}\n\nWith \`execution_mode: "async"\` the answer is a JobRef; fetch the body below from GET /v1/jobs/{job_id}/result.`.trim(),
        body: withExample(
          spec.url,
          spec.closed
            ? {
                type: 'object',
                required: spec.required ?? [],
                additionalProperties: false,
                properties: { ...closedProperties(), ...spec.properties },
              }
            : {
                type: 'object',
                required: spec.required ?? ['input'],
                properties: { ...processingProperties(spec.defaultMode), ...spec.properties },
              },
        ),
        response: {
          200: spec.closed
            ? spec.response
            : { description: 'The result (sync) or a JobRef (async)', anyOf: [spec.response, { $ref: 'JobRef#' }] },
          503: { $ref: 'ErrorDetail#' },
          504: { $ref: 'ErrorDetail#' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (!spec.closed) checkPageRangeSyntax(request.body.page_range);
      if (spec.validate) await spec.validate(request.body, { ctx, tenant: request.tenant });
      await checkWebhookUrl(ctx, request.body.webhook_url);
      // Before inline inputs are stored: a refused request must leave no file behind.
      await enforceConcurrency(ctx, request.tenant);
      if (request.body.execution_mode !== 'sync') {
        const body = spec.closed ? request.body : await prepareRequest(ctx, request as FastifyRequest<{ Body: ProcessingBody }>);
        return toJobRef(await ctx.jobs.submit(request.tenant, spec.operation, body, submitOptions(body)));
      }
      // Sync: admission first (503 + Retry-After when the queued work would not finish within the sync budget),
      // its ticket held until this request is answered.
      const ticket = await ctx.jobs.reserveSync(spec.operation);
      const client = whenClientLeaves(reply);
      try {
        const body = spec.closed ? request.body : await prepareRequest(ctx, request as FastifyRequest<{ Body: ProcessingBody }>);
        // The job's stored result is the body, already serialized: a multi-megabyte parse is not parsed, checked
        // against the anyOf and serialized again (that cost more than a second for 500 pages).
        const json = await ctx.jobs.runSyncJson(request.tenant, spec.operation, body, {
          ...submitOptions(body),
          ticket,
          signal: client.signal,
        });
        return reply.type('application/json; charset=utf-8').send(json);
      } finally {
        client.dispose();
        ticket.release();
      }
    },
  );
}

/**
 * Aborts once the client closed its connection before the answer was sent: a sync caller that gave up (its own
 * timeout, a closed tab), whose job, if not started yet, is then dropped instead of run for nobody.
 */
function whenClientLeaves(reply: FastifyReply): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once('close', onClose);
  return { signal: controller.signal, dispose: () => reply.raw.off('close', onClose) };
}

function submitOptions(body: ProcessingBody) {
  return { executionMode: body.execution_mode, billingProfile: body.billing_profile, webhookUrl: body.webhook_url ?? null };
}

/** The route's tool: the spec's own, or the operation's name with a description written for an LLM tool user. */
export function processingTool(spec: ProcessingRouteSpec): RouteToolConfig | false {
  if (spec.tool === false) return false;
  return { name: spec.tool?.name ?? spec.operation, description: spec.tool?.description ?? toolDescription(spec) };
}

function toolDescription(spec: ProcessingRouteSpec): string {
  const what = [`${spec.summary.replace(/\.$/, '')}.`, spec.description ?? ''].filter(Boolean).join(' ');
  if (spec.closed) {
    return `${what}\n\nAnswers synchronously with the result. Documents it reads are stored files, named by \`{ "file_id": "file_…" }\` (store one with the upload tool first).`;
  }
  const mode = spec.defaultMode ?? 'async';
  const input = spec.properties.inputs
    ? 'The documents are `input` (one) and/or `inputs` (several), each either `{ "file_id": "file_…" }` of a stored file (see the upload tool) or inline content: `{ "pdf_base64": "…", "filename": "a.pdf" }`, `image_base64`, `markdown` or `text`.'
    : 'The document is `input`: either `{ "file_id": "file_…" }` of a stored file (see the upload tool) or inline content: `{ "pdf_base64": "…", "filename": "a.pdf" }`, `image_base64`, `markdown` or `text`.';
  const modes = `\`execution_mode\` (default \`${mode}\`): \`sync\` answers with the result; \`async\` answers a JobRef whose \`job_id\` is polled with get_job until \`status\` is \`completed\`, then the result is read with get_job_result. Prefer async for long documents.`;
  return `${what}\n\n${input} ${modes}`;
}

/**
 * Inline inputs become stored files before the job is queued, so workers only ever see file ids. The page_range is
 * then checked against every document; a refused request leaves none of its inline files behind.
 */
async function prepareRequest(ctx: AppContext, request: FastifyRequest<{ Body: ProcessingBody }>): Promise<ProcessingBody> {
  const body = { ...request.body };
  const stored: string[] = [];
  const resolve = async (input: InputSource, loc: (string | number)[]) => {
    const resolved = await resolveInput(ctx.files, request.tenant, input, loc);
    if (input.file_id === undefined || input.file_id === null) stored.push(resolved.file_id);
    return resolved;
  };
  try {
    if (body.input) body.input = await resolve(body.input, ['body', 'input']);
    if (Array.isArray(body.inputs)) {
      body.inputs = await Promise.all((body.inputs as InputSource[]).map((input, i) => resolve(input, ['body', 'inputs', i])));
    }
    await checkPageRangeBounds(ctx.files, request.tenant, body.page_range, documentIds(body));
  } catch (err) {
    await Promise.all(stored.map((fileId) => ctx.files.remove(request.tenant, fileId).catch(() => {})));
    throw err;
  }
  return body;
}

/** The stored documents a resolved request names: `input`, `inputs`, and schema auto's `file_id` (one or several). */
function documentIds(body: ProcessingBody): string[] {
  const named = typeof body.file_id === 'string' ? [body.file_id] : Array.isArray(body.file_id) ? (body.file_id as string[]) : [];
  const inputs = Array.isArray(body.inputs) ? (body.inputs as { file_id: string }[]).map((i) => i.file_id) : [];
  return [...(body.input ? [(body.input as { file_id: string }).file_id] : []), ...inputs, ...named];
}

/** The SSRF guard (jobs/webhook-target.ts) at request time: a refused webhook_url is a 422 before anything is queued. */
async function checkWebhookUrl(ctx: AppContext, url: string | null | undefined): Promise<void> {
  if (!url || ctx.config.webhooks.allowPrivate) return;
  const problem = await webhookTargetProblem(url);
  if (problem) {
    throw ValidationError.at(
      ['body', 'webhook_url'],
      `webhook_url ${problem}; such targets are refused unless DOCINTEL_WEBHOOK_ALLOW_PRIVATE=true`,
    );
  }
}

async function enforceConcurrency(ctx: AppContext, tenant: string): Promise<void> {
  const limit = ctx.config.limits.maxConcurrentJobsPerKey;
  if (limit <= 0) return;
  const active = await ctx.jobs.activeCount(tenant);
  if (active >= limit) {
    throw new RateLimitedError(`This API key already has ${active} unfinished jobs (limit ${limit}); retry when some finish`, 2);
  }
}
