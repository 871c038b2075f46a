import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AppContext } from '../context.ts';
import { AgentService } from '../services/agents.ts';
import { toolRegistryOf } from '../tools/registry.ts';
import { createMcpServer } from './server.ts';
import { toolsetFor } from './toolset.ts';

/**
 * The MCP server at /mcp over the Streamable HTTP transport, in stateless mode: every POST gets a fresh server and
 * transport (no Mcp-Session-Id, nothing kept between requests), so any instance behind a load balancer can answer
 * any request and nothing needs expiring. Consequences: GET (a server-initiated stream) and DELETE (ending a
 * session) answer 405, which MCP clients treat as "not offered"; notifications the server sends during a call
 * (progress) travel on that call's own SSE response. A `notifications/cancelled` arrives on another POST, which in
 * stateless mode cannot reach the running call; closing the connection does stop the call's wait.
 *
 * Authentication is the API's own: the onRequest hook (src/api/auth.ts) covers /mcp like any route (401 without a
 * valid key), and tool calls forward the same Authorization header to the routes they run.
 * `?agent_id=` narrows the tools to that agent's (404 for an unknown agent) and sends its instructions.
 * Not part of the OpenAPI document (`hide`): it is a protocol endpoint, not a REST route.
 */
export function mcpRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const agents = new AgentService(ctx.metadata, () => toolRegistryOf(app));

    app.route<{ Querystring: { agent_id?: string } }>({
      method: ['POST', 'GET', 'DELETE'],
      url: '/mcp',
      schema: {
        hide: true,
        querystring: { type: 'object', properties: { agent_id: { type: 'string', minLength: 1, maxLength: 100 } } },
      },
      handler: async (request, reply) => {
        if (request.method !== 'POST') return methodNotAllowed(reply);
        const toolset = await toolsetFor(toolRegistryOf(app), agents, request.tenant, request.query.agent_id);
        await serveMcp(app, ctx, request, reply, toolset);
      },
    });
  };
}

function methodNotAllowed(reply: FastifyReply) {
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Method not allowed: this MCP server is stateless (POST only; no sessions, no server-initiated stream)',
      },
      id: null,
    });
}

async function serveMcp(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  toolset: Awaited<ReturnType<typeof toolsetFor>>,
): Promise<void> {
  const connection = new AbortController();
  const server = createMcpServer(toolset, {
    app,
    jobs: ctx.jobs,
    tenant: request.tenant,
    authorization: request.headers.authorization ?? '',
    connection: connection.signal,
    version: ctx.version,
    log: request.log,
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  // The transport writes the response itself; fastify's onSend hooks do not run, so the request id is set here.
  reply.hijack();
  reply.raw.setHeader('x-request-id', String(request.id));
  reply.raw.on('close', () => {
    connection.abort();
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (err) {
    request.log.error({ err }, 'MCP request failed');
    if (reply.raw.headersSent) {
      reply.raw.end();
      return;
    }
    reply.raw.writeHead(500, { 'content-type': 'application/json' });
    reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: `Internal error (request ${request.id})` }, id: null }));
  }
}
