import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../schemas/common.ts';
import { AgentCreateRequest, AgentList, ToolList, ToolSearchRequest, agentParams } from '../schemas/agents.ts';
import { AgentService, searchTools, type AgentInput } from '../services/agents.ts';
import { toToolDefinition, toolRegistryOf } from '../tools/registry.ts';
import { withExample } from '../schemas/examples.ts';

const TOOLS_DESCRIPTION =
  "One ToolDefinition per public capability of this API (processing endpoints, upload, file and job lookups), generated from the same route definitions as this document: `endpoint` is `METHOD path` as the path appears here, `mcp_name` the tool's name on the MCP server at /mcp.";

const SEARCH_DESCRIPTION = [
  "The POST form of the tool list (its behaviour is not given by the spec; this is the service's decision): a filter over the same registry, answered in the same shape as GET.",
  "`query`: words (split on anything but letters, digits and `_`); a tool matches when every word occurs, case-insensitively, in its name, description or endpoint. `names`: exact tool names; unknown names are skipped, not an error. Both given: tools matching both. An empty body (or neither member) answers every tool. Order: the registry's, as GET.",
].join('\n\n');

/** GET/POST /v1/agents/tools and the agents resource (create, list, get, delete), per tenant. */
export function agentsRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const agents = new AgentService(ctx.metadata, () => toolRegistryOf(app));

    app.get(
      '/v1/agents/tools',
      {
        schema: {
          tags: ['agents'],
          summary: 'The tools agents can be given',
          description: TOOLS_DESCRIPTION,
          response: { 200: ToolList, ...errorResponses },
        },
      },
      async () => ({ tools: toolRegistryOf(app).list().map(toToolDefinition) }),
    );

    app.post<{ Body: { query?: string; names?: string[] } }>(
      '/v1/agents/tools',
      {
        schema: {
          tags: ['agents'],
          summary: 'Find tools by words or names',
          description: SEARCH_DESCRIPTION,
          body: withExample('/v1/agents/tools', ToolSearchRequest),
          response: { 200: ToolList, ...errorResponses },
        },
        // No body at all is the empty filter (every tool), as GET.
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      },
      async (request) => ({ tools: searchTools(toolRegistryOf(app), request.body ?? {}) }),
    );

    app.post<{ Body: AgentInput }>(
      '/v1/agents',
      {
        schema: {
          tags: ['agents'],
          summary: 'Create an agent bound to tools',
          description:
            'Persists the agent with the ToolDefinitions of `tool_names` as they are now and answers them inline. An unknown tool name is a 422 whose `loc` is `["body", "tool_names", index]`; members beyond the listed ones are ignored, as on every endpoint except synthesize. The agent is visible only to this API key.',
          body: withExample('/v1/agents', AgentCreateRequest),
          response: { 200: { $ref: 'AgentCreateResponse#' }, ...errorResponses },
        },
      },
      async (request) => agents.create(request.tenant, request.body),
    );

    app.get(
      '/v1/agents',
      {
        schema: { tags: ['agents'], summary: "This API key's agents, oldest first", response: { 200: AgentList, ...errorResponses } },
      },
      async (request) => ({ agents: await agents.list(request.tenant) }),
    );

    app.get<{ Params: { agent_id: string } }>(
      '/v1/agents/:agent_id',
      {
        schema: {
          tags: ['agents'],
          summary: 'One agent with its bound tools',
          params: agentParams,
          response: { 200: { $ref: 'AgentCreateResponse#' }, ...errorResponses },
        },
      },
      async (request) => {
        const { tenant: _tenant, ...view } = await agents.get(request.tenant, request.params.agent_id);
        return view;
      },
    );

    app.delete<{ Params: { agent_id: string } }>(
      '/v1/agents/:agent_id',
      {
        schema: {
          tags: ['agents'],
          summary: 'Delete an agent',
          description: "204 with no body; an unknown id, or another API key's agent, is 404.",
          params: agentParams,
          response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses },
        },
      },
      async (request, reply) => {
        await agents.remove(request.tenant, request.params.agent_id);
        return reply.code(204).send();
      },
    );
  };
}
