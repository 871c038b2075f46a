/**
 * The tool registry: one tool per public capability of the API, collected from the same route definitions the
 * OpenAPI document is generated from (a route opts in with `config.tool`), so a new route appears in both.
 */

/** ToolDefinition (spec section 2). */
export interface ToolDefinition {
  name: string;
  /** Written for an LLM choosing a tool: what it does, what it needs, what it returns. */
  description: string;
  /** `METHOD path`, e.g. `POST /v1/tables`. */
  endpoint: string | null;
  /** The tool's name on the MCP server (`docintel_tables`). */
  mcp_name: string | null;
}

/** What a route declares in its options (`config: { tool: … }`) to become a tool. */
export interface RouteToolConfig {
  name: string;
  /** Defaults to the route schema's summary and description. */
  description?: string;
}

export interface RegisteredTool extends ToolDefinition {
  method: 'GET' | 'POST' | 'DELETE';
  /** The route's URL pattern as fastify knows it (`/v1/files/:file_id`). */
  url: string;
  /** JSON Schema of the tool's arguments: path parameters and query members and body members together. */
  inputSchema: Record<string, unknown>;
  /** Processing routes: the job operation behind the route (runs as a job; progress in pages). */
  operation?: string;
}

export interface ToolRegistry {
  list(): RegisteredTool[];
  get(name: string): RegisteredTool | undefined;
  byMcpName(mcpName: string): RegisteredTool | undefined;
}
