/**
 * Agent and tool schemas (spec section 2, "Agent and tool"). Registered with `app.addSchema` in buildApp, so the
 * OpenAPI document names them as components.
 */
export const ToolDefinition = {
  $id: 'ToolDefinition',
  type: 'object',
  required: ['name', 'description'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    endpoint: { type: ['string', 'null'], description: '`METHOD path`, as the path appears in this document' },
    mcp_name: { type: ['string', 'null'], description: "The tool's name on the MCP server at /mcp" },
  },
} as const;

export const AgentCreateResponse = {
  $id: 'AgentCreateResponse',
  type: 'object',
  required: ['agent_id', 'name', 'description', 'instructions', 'created_at'],
  properties: {
    agent_id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    instructions: { type: 'string' },
    created_at: { type: 'number', description: 'Epoch seconds' },
    tools: { type: 'array', items: { $ref: 'ToolDefinition#' }, description: 'The tools bound at creation, in the order named' },
  },
} as const;

export const agentSchemas = [ToolDefinition, AgentCreateResponse];

export const AgentCreateRequest = {
  type: 'object',
  required: ['name', 'description', 'instructions'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 10_000 },
    instructions: {
      type: 'string',
      maxLength: 100_000,
      description: "The agent's system instructions (the MCP server's instructions for this agent)",
    },
    tool_names: {
      type: 'array',
      maxItems: 100,
      default: [],
      items: { type: 'string', minLength: 1, maxLength: 100 },
      description: 'Names from GET /v1/agents/tools; an unknown name is a 422 at its index. Repeated names are bound once.',
    },
  },
} as const;

export const ToolSearchRequest = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      maxLength: 1000,
      description: 'Words; a tool matches when every word occurs in its name, description or endpoint (case-insensitive)',
    },
    names: {
      type: 'array',
      maxItems: 100,
      items: { type: 'string', minLength: 1, maxLength: 100 },
      description: 'Exact tool names; unknown names are skipped',
    },
  },
} as const;

export const ToolList = {
  type: 'object',
  required: ['tools'],
  properties: { tools: { type: 'array', items: { $ref: 'ToolDefinition#' } } },
} as const;

export const AgentList = {
  type: 'object',
  required: ['agents'],
  properties: { agents: { type: 'array', items: { $ref: 'AgentCreateResponse#' } } },
} as const;

export const agentParams = {
  type: 'object',
  required: ['agent_id'],
  properties: { agent_id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
