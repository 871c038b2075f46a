import type { FastifyInstance, RouteOptions } from 'fastify';
import { sharedSchemas } from '../schemas/common.ts';
import { inlineSharedRefs } from './input-schema.ts';
import type { RegisteredTool, RouteToolConfig, ToolDefinition, ToolRegistry } from './types.ts';

/**
 * The tool registry is filled by an `onRoute` hook while routes are registered (buildApp adds the hook before any
 * route), from the same route options the OpenAPI document is generated from: a route with `config.tool` is a tool.
 * So a new route becomes a tool, an OpenAPI path and (through the MCP server) an MCP tool without a second list.
 */

export const MCP_NAME_PREFIX = 'docintel_';

/** Thrown at startup when two routes claim the same tool name (a programming error). */
export class DuplicateToolError extends Error {
  constructor(
    readonly toolName: string,
    first: string,
    second: string,
  ) {
    super(`tool name "${toolName}" is declared by both ${first} and ${second}`);
    this.name = 'DuplicateToolError';
  }
}

type ToolMethod = RegisteredTool['method'];
const TOOL_METHODS: ToolMethod[] = ['GET', 'POST', 'DELETE'];

/** The registry behind `toolRegistryOf(app)`: tools in registration order, looked up by name or MCP name. */
export class RouteToolRegistry implements ToolRegistry {
  private readonly byName = new Map<string, RegisteredTool>();
  private readonly byMcp = new Map<string, RegisteredTool>();

  list(): RegisteredTool[] {
    return [...this.byName.values()];
  }

  get(name: string): RegisteredTool | undefined {
    return this.byName.get(name);
  }

  byMcpName(mcpName: string): RegisteredTool | undefined {
    return this.byMcp.get(mcpName);
  }

  add(tool: RegisteredTool): void {
    const existing = this.byName.get(tool.name);
    if (existing) throw new DuplicateToolError(tool.name, existing.endpoint ?? existing.url, tool.endpoint ?? tool.url);
    this.byName.set(tool.name, tool);
    if (tool.mcp_name) this.byMcp.set(tool.mcp_name, tool);
  }

  /** The route option hook: turns a route with `config.tool` into a tool (HEAD twins of GET routes are skipped). */
  collect(route: RouteOptions): void {
    const tool = route.config?.tool;
    if (!tool) return;
    const method = (Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase() as ToolMethod;
    if (!TOOL_METHODS.includes(method)) return;
    this.add(toolFromRoute(route, method, tool));
  }
}

/** `/v1/files/:file_id` → `/v1/files/{file_id}` (the OpenAPI document's path form). */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Only the four ToolDefinition members (what GET /v1/agents/tools and stored agents carry). */
export function toToolDefinition(tool: ToolDefinition): ToolDefinition {
  return { name: tool.name, description: tool.description, endpoint: tool.endpoint, mcp_name: tool.mcp_name };
}

interface RouteSchemaParts {
  summary?: string;
  description?: string;
  params?: Record<string, unknown>;
  querystring?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

function toolFromRoute(route: RouteOptions, method: ToolMethod, config: RouteToolConfig): RegisteredTool {
  const schema = (route.schema ?? {}) as RouteSchemaParts;
  const endpointPath = openApiPath(route.url);
  const description = config.description ?? [schema.summary?.replace(/\.$/, ''), schema.description].filter(Boolean).join('. ');
  const operation = route.config?.operation;
  return {
    name: config.name,
    description,
    endpoint: `${method} ${endpointPath}`,
    mcp_name: `${MCP_NAME_PREFIX}${config.name}`,
    method,
    url: route.url,
    inputSchema: mergeInputSchemas([schema.params, schema.querystring, schema.body]),
    ...(operation ? { operation } : {}),
  };
}

const SHARED_BY_ID = new Map<string, Record<string, unknown>>(sharedSchemas.map((s) => [s.$id, s as unknown as Record<string, unknown>]));

/** Path parameters, query members and body members as one object schema (shared `$ref`s inlined, so it stands alone). */
export function mergeInputSchemas(parts: (Record<string, unknown> | undefined)[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries((part.properties ?? {}) as Record<string, unknown>)) properties[key] = value;
    for (const key of (part.required ?? []) as string[]) if (!required.includes(key)) required.push(key);
  }
  const merged: Record<string, unknown> = { type: 'object', properties, required };
  return inlineSharedRefs(merged, SHARED_BY_ID);
}

const REGISTRY_DECORATION = 'tools';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Makes the route a tool of the registry; `false` (or absent) keeps it out. */
    tool?: RouteToolConfig | false;
    /** Processing routes: the job operation behind the route (copied to the tool). */
    operation?: string;
  }
  interface FastifyInstance {
    /** The tool registry collected from the routes' `config.tool` (see src/api/tools/registry.ts). */
    tools: ToolRegistry;
  }
}

/**
 * Wires the registry into an app: call once on the root instance before any route is registered. The registry is
 * filled as routes are added and is complete once the app is ready.
 */
export function installToolRegistry(app: FastifyInstance): RouteToolRegistry {
  const registry = new RouteToolRegistry();
  app.decorate(REGISTRY_DECORATION, registry as ToolRegistry);
  app.addHook('onRoute', (route) => registry.collect(route));
  return registry;
}

/** The registry of an app built by buildApp (any encapsulated child instance works too). */
export function toolRegistryOf(app: FastifyInstance): ToolRegistry {
  if (!app.hasDecorator(REGISTRY_DECORATION)) throw new Error('this app has no tool registry (installToolRegistry was not called)');
  return app.tools;
}
