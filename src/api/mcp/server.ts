import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobService } from '../../jobs/mod.ts';
import { callTool, errorResult } from './call.ts';
import { mcpToolOf, type McpToolset } from './toolset.ts';

/** Who is calling, for one MCP HTTP request: the tenant, the key to forward, and the connection's lifetime. */
export interface McpCaller {
  app: FastifyInstance;
  jobs: JobService;
  tenant: string;
  authorization: string;
  /** Aborted when the HTTP connection of this request closes. */
  connection: AbortSignal;
  version: string;
  log: FastifyBaseLogger;
}

/** An MCP server over one toolset: tools/list shows it, tools/call runs its tools and refuses any other. */
export function createMcpServer(toolset: McpToolset, caller: McpCaller): Server {
  const server = new Server(
    { name: 'docintel', version: caller.version },
    { capabilities: { tools: {} }, ...(toolset.instructions ? { instructions: toolset.instructions } : {}) },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolset.tools.map(mcpToolOf) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = toolset.byMcpName(request.params.name);
    if (!tool) return errorResult(`Unknown tool "${request.params.name}": not among this server's tools (see tools/list)`);
    const token = extra._meta?.progressToken;
    return callTool(tool, request.params.arguments ?? {}, {
      app: caller.app,
      jobs: caller.jobs,
      tenant: caller.tenant,
      authorization: caller.authorization,
      signal: AbortSignal.any([extra.signal, caller.connection]),
      progress: async ({ done, total }) => {
        if (token === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: done, total, message: `${done} of ${total} pages` },
        });
      },
    }).catch((err: unknown) => {
      // Not the caller's fault and not an HTTP answer (those are results already): logged, reported as a failed call.
      caller.log.error({ err, tool: tool.name }, 'MCP tool call failed');
      return errorResult(`Internal error while running ${tool.name}`);
    });
  });
  return server;
}
