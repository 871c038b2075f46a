import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentService } from '../services/agents.ts';
import type { RegisteredTool, ToolRegistry } from '../tools/types.ts';
import { isUploadTool, UPLOAD_INPUT_SCHEMA, UPLOAD_MCP_NOTE } from './http-request.ts';
import { isWindowed } from './page-views.ts';
import { WINDOW_ARGUMENTS, WINDOW_NOTE } from './window.ts';

/** The tools one MCP request may see and call: the whole registry, or one agent's bound tools and instructions. */
export interface McpToolset {
  tools: RegisteredTool[];
  /** The agent's instructions, sent as the server's `instructions` at initialization. */
  instructions?: string;
  byMcpName(name: string): RegisteredTool | undefined;
}

const SERVER_INSTRUCTIONS =
  'Document intelligence tools: store a document with the upload tool (base64), then pass its ' +
  '`file_id` as `input: { "file_id": … }` to parse, extract, tables and the other processing tools. Long operations ' +
  "run as jobs and report page progress; results are the HTTP API's JSON bodies, except parse, ocr, layout and tables " +
  '(and get_job_result of their jobs), which answer a summary and a window of pages with a `cursor` for the next ' +
  '(`format: "json"` for the whole body).';

/** An unknown agent id (or another tenant's) is the API's 404 `Agent not found`, thrown by the agent service. */
export async function toolsetFor(
  registry: ToolRegistry,
  agents: AgentService,
  tenant: string,
  agentId: string | undefined,
): Promise<McpToolset> {
  if (agentId === undefined) return toolset(registry.list(), SERVER_INSTRUCTIONS);
  const agent = await agents.get(tenant, agentId);
  // Bound by name at creation; a tool since removed from the API is left out rather than failing the agent.
  const tools = agent.tools.map((t) => registry.get(t.name)).filter((t): t is RegisteredTool => t !== undefined);
  return toolset(tools, agent.instructions);
}

function toolset(tools: RegisteredTool[], instructions: string): McpToolset {
  const exposed = tools.filter((t) => t.mcp_name);
  const byName = new Map(exposed.map((t) => [t.mcp_name as string, t]));
  return { tools: exposed, instructions: instructions || undefined, byMcpName: (name) => byName.get(name) };
}

const JOB_NOTE =
  'Over MCP: without `execution_mode` the call runs as a job, sends progress notifications (pages done of ' +
  'total) when the request has a progressToken, and returns the result itself; `sync` answers inline within the ' +
  'sync time budget; `async` returns the JobRef at once.';

/** The MCP view of a registry tool: its MCP name, description and JSON Schema of arguments. */
export function mcpToolOf(tool: RegisteredTool): Tool {
  if (isUploadTool(tool)) {
    return {
      name: tool.mcp_name as string,
      description: `${tool.description}\n\n${UPLOAD_MCP_NOTE}`,
      inputSchema: structuredClone(UPLOAD_INPUT_SCHEMA) as unknown as Tool['inputSchema'],
    };
  }
  const asyncCapable = tool.operation !== undefined && executionModes(tool).includes('async');
  const windowed = isWindowed(tool);
  const notes = [asyncCapable ? JOB_NOTE : '', windowed ? WINDOW_NOTE : ''].filter(Boolean);
  const properties = {
    ...(tool.inputSchema.properties as Record<string, unknown> | undefined),
    ...(windowed ? structuredClone(WINDOW_ARGUMENTS) : {}),
  };
  return {
    name: tool.mcp_name as string,
    description: [tool.description, ...notes].join('\n\n'),
    inputSchema: { ...tool.inputSchema, type: 'object', properties } as Tool['inputSchema'],
  };
}

export function executionModes(tool: RegisteredTool): string[] {
  const mode = (tool.inputSchema.properties as Record<string, { enum?: string[] }> | undefined)?.execution_mode;
  return mode?.enum ?? [];
}
