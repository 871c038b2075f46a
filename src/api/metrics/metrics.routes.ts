import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { enableDefaultMetrics, httpRequestDuration, httpRequests, metricsRegistry, setQueueDepthSource } from '../../shared/metrics.ts';

/** Label of requests no route matched (404s): one series, never the raw URL (unbounded cardinality). */
const UNMATCHED_ROUTE = 'unmatched';

/** The route pattern (`/v1/jobs/:job_id`), never the raw URL. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

function recordRequest(request: FastifyRequest, reply: FastifyReply): void {
  const route = routeLabel(request);
  httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
  httpRequestDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
}

/**
 * GET /metrics (Prometheus text format, hidden from the OpenAPI document) and the request counters of every
 * route. Registered without encapsulation (skip-override), so its onResponse hook sees the whole app.
 * config.metrics: `public` (no key), `key` (an API key like any route) or `off` (no route, nothing recorded).
 */
export function metricsPlugin(ctx: AppContext) {
  const plugin = async function metrics(app: FastifyInstance): Promise<void> {
    if (ctx.config.metrics === 'off') return;
    enableDefaultMetrics();
    setQueueDepthSource(() => ctx.queue.depth());
    app.addHook('onResponse', async (request, reply) => recordRequest(request, reply));
    app.get(
      '/metrics',
      {
        config: { public: ctx.config.metrics === 'public' },
        schema: { hide: true },
      },
      async (_request, reply) => {
        const text = await metricsRegistry.metrics();
        return reply.type(metricsRegistry.contentType).send(text);
      },
    );
  };
  // What fastify-plugin does: the hook applies to the parent (the whole app), not just this plugin's routes.
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
