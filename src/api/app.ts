import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { newId } from '../shared/ids.ts';
import { OPENAPI_INFO } from './openapi-info.ts';
import type { AppContext } from './context.ts';
import { registerAuth } from './auth.ts';
import { MAX_PARAM_LENGTH, registerErrorHandling, routerError } from './error-handler.ts';
import { registerJsonGuard } from './json-guard.ts';
import { RateLimiter } from './rate-limit.ts';
import { docsContentSecurityPolicy, registerSecurityHeaders } from './security-headers.ts';
import { registerUnreadBodyHandling } from './unread-body.ts';
import { buildPartAwareValidator } from './validation.ts';
import { sharedSchemas } from './schemas/common.ts';
import { agentSchemas } from './schemas/agents.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { landingRoutes } from './routes/landing.routes.ts';
import { filesRoutes } from './routes/files.routes.ts';
import { jobsRoutes } from './routes/jobs.routes.ts';
import { usageRoutes } from './routes/usage.routes.ts';
import { processingRoutes } from './routes/index.ts';
import { agentsRoutes } from './routes/agents.routes.ts';
import { installToolRegistry } from './tools/registry.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { viewerRoutes } from './viewer/viewer.routes.ts';
import { webhooksRoutes } from './routes/webhooks.routes.ts';
import { metricsPlugin } from './metrics/metrics.routes.ts';

export { OPENAPI_INFO };

/** The Fastify app with every route, without listening (tests use `inject`, the CLI calls `listen`). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerError,
    bodyLimit: ctx.config.limits.maxJsonBodyBytes,
    schemaController: { compilersFactory: { buildValidator: buildPartAwareValidator() } },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before any route: the onRoute hook collects every route with `config.tool` (toolRegistryOf(app)).
  installToolRegistry(app);
  registerErrorHandling(app);
  registerJsonGuard(app);
  registerUnreadBodyHandling(app);
  registerSecurityHeaders(app, ctx.config.corsOrigins);
  registerAuth(app, ctx.keys, new RateLimiter(ctx.config.limits.rateLimitPerMinute));
  for (const schema of [...sharedSchemas, ...agentSchemas]) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'API key' } } },
      security: [{ bearerAuth: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy,
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
  await app.register(multipart, {
    // A file over the size limit is refused by the upload route (busboy flags it truncated) like any other bad
    // file, instead of ending the whole form there: the files after it are still checked and named.
    throwFileSizeLimit: false,
    limits: {
      fileSize: ctx.config.limits.maxUploadBytes,
      files: ctx.config.limits.maxFilesPerRequest,
      fields: 20,
      parts: ctx.config.limits.maxFilesPerRequest + 20,
    },
  });

  await app.register(healthRoutes(ctx));
  await app.register(landingRoutes());
  await app.register(filesRoutes(ctx));
  await app.register(jobsRoutes(ctx));
  await app.register(usageRoutes(ctx));
  await app.register(processingRoutes(ctx));
  await app.register(agentsRoutes(ctx));
  await app.register(mcpRoutes(ctx));
  await app.register(viewerRoutes());
  await app.register(webhooksRoutes(ctx));
  await app.register(metricsPlugin(ctx));
  return app;
}
