import type { FastifyInstance } from 'fastify';
import { type JobListRequest, type JobRef, toJobRef } from '../../jobs/mod.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../schemas/common.ts';
import { pageQueryProperties } from '../schemas/paging.ts';

const jobParams = {
  type: 'object',
  required: ['job_id'],
  properties: { job_id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const SSE_KEEPALIVE_MS = 15_000;

function isFinal(ref: JobRef): boolean {
  return ref.status === 'completed' || ref.status === 'failed';
}

/** Job status, result (409 until completed) and a Server-Sent Events stream of JobRef changes. */
export function jobsRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Querystring: JobListRequest }>(
      '/v1/jobs',
      {
        config: {
          tool: {
            name: 'list_jobs',
            description:
              "The caller's jobs, newest first: `{ jobs: [JobRef], next_cursor }`. Optional filters `status` (`pending`, `processing`, `completed`, `failed`) and `operation` (e.g. `parse`); optional `limit` (1-200, default 50) and `cursor` (the previous page's `next_cursor`).",
          },
        },
        schema: {
          tags: ['jobs'],
          summary: 'List jobs, newest first, optionally by status and operation',
          description: 'Cursor pagination: pass `next_cursor` back as `cursor` for the next page; it is null on the last page.',
          querystring: {
            type: 'object',
            properties: {
              ...pageQueryProperties,
              status: { type: 'string', enum: ['pending', 'processing', 'completed', 'failed'] },
              operation: { type: 'string', minLength: 1, maxLength: 64 },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['jobs', 'next_cursor'],
              properties: { jobs: { type: 'array', items: { $ref: 'JobRef#' } }, next_cursor: { type: ['string', 'null'] } },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const page = await ctx.jobs.list(request.tenant, request.query);
        return { jobs: page.items, next_cursor: page.nextCursor };
      },
    );

    app.post<{ Params: { job_id: string } }>(
      '/v1/jobs/:job_id/cancel',
      {
        config: {
          tool: {
            name: 'cancel_job',
            description:
              'Cancels a pending or processing job: it ends `failed` with error type `cancelled` (at once when pending, within seconds when running). Answers the JobRef. A finished job answers 409. Argument: `job_id`.',
          },
        },
        schema: {
          tags: ['jobs'],
          summary: 'Cancel a pending or running job',
          description:
            'A pending job fails at once; a running one stops within seconds. Either ends `failed` with `error.type` "cancelled". Answers the current JobRef (a running job may still read `processing`). A finished job answers 409.',
          params: jobParams,
          response: { 200: { $ref: 'JobRef#' }, 409: { $ref: 'ErrorDetail#' }, ...errorResponses },
        },
      },
      async (request) => toJobRef(await ctx.jobs.cancel(request.tenant, request.params.job_id)),
    );

    app.delete<{ Params: { job_id: string } }>(
      '/v1/jobs/:job_id',
      {
        config: {
          tool: {
            name: 'delete_job',
            description:
              'Deletes a finished (completed or failed) job and its result. An unfinished job answers 409 (cancel it first). Argument: `job_id`.',
          },
        },
        schema: {
          tags: ['jobs'],
          summary: 'Delete a finished job and its result',
          description: 'A pending or processing job answers 409: cancel it first.',
          params: jobParams,
          response: { 204: { description: 'Deleted', type: 'null' }, 409: { $ref: 'ErrorDetail#' }, ...errorResponses },
        },
      },
      async (request, reply) => {
        await ctx.jobs.remove(request.tenant, request.params.job_id);
        return reply.code(204).send();
      },
    );

    app.get<{ Params: { job_id: string } }>(
      '/v1/jobs/:job_id',
      {
        config: {
          tool: {
            name: 'get_job',
            description:
              'Status of a job started by a processing tool with `execution_mode: "async"`: `status` (`pending`, `processing`, `completed`, `failed`), `progress` in pages and, when failed, `error`. Argument: `job_id`. When `completed`, read the result with get_job_result.',
          },
        },
        schema: { tags: ['jobs'], summary: 'Job status', params: jobParams, response: { 200: { $ref: 'JobRef#' }, ...errorResponses } },
      },
      async (request) => toJobRef(await ctx.jobs.get(request.tenant, request.params.job_id)),
    );

    app.get<{ Params: { job_id: string } }>(
      '/v1/jobs/:job_id/result',
      {
        config: {
          tool: {
            name: 'get_job_result',
            description:
              'The result of a completed job: the same body the processing tool answers in `sync` mode. Argument: `job_id`. A job still pending or processing answers 409 with its status (poll get_job); a failed job answers 409 with its error.',
          },
        },
        schema: {
          tags: ['jobs'],
          summary: 'The success body of the original endpoint, once the job is completed',
          description: '409 with `{"detail": {"status", "job_id"}}` while pending or processing; 409 with the job error when failed.',
          params: jobParams,
          response: {
            200: { description: "The original endpoint's response body", type: 'object', additionalProperties: true },
            409: { $ref: 'ErrorDetail#' },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        // Already-serialized JSON from the result store: sent as is.
        return reply.type('application/json; charset=utf-8').send(await ctx.jobs.resultJson(request.tenant, request.params.job_id));
      },
    );

    // Open event streams end when the server closes (a client would hold a graceful shutdown for its whole
    // grace period otherwise); clients reconnect to another node or after the restart.
    const openStreams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const finish of openStreams) finish();
    });

    app.get<{ Params: { job_id: string } }>(
      '/v1/jobs/:job_id/events',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Server-Sent Events: one `job` event per JobRef change, closed after completed or failed',
          params: jobParams,
          produces: ['text/event-stream'],
          response: { 200: { description: 'text/event-stream of JobRef JSON', type: 'string' }, ...errorResponses },
        },
      },
      async (request, reply) => {
        await ctx.jobs.get(request.tenant, request.params.job_id); // 404 before the stream starts
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-request-id': String(request.id),
          'x-accel-buffering': 'no',
        });
        let closed = false;
        let unsubscribe: () => void = () => {};
        const keepalive = setInterval(() => raw.write(': keepalive\n\n'), SSE_KEEPALIVE_MS);
        const finish = () => {
          if (closed) return;
          closed = true;
          openStreams.delete(finish);
          clearInterval(keepalive);
          unsubscribe();
          raw.end();
        };
        openStreams.add(finish);
        request.raw.on('close', finish);
        let lastSent = '';
        unsubscribe = await ctx.jobs.subscribe(request.tenant, request.params.job_id, (ref) => {
          if (closed) return;
          const data = JSON.stringify(ref);
          if (data === lastSent) return;
          lastSent = data;
          raw.write(`event: job\nid: ${ref.updated_at}\ndata: ${data}\n\n`);
          if (isFinal(ref)) setImmediate(finish);
        });
        if (closed) unsubscribe();
      },
    );
  };
}
