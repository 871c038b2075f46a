import { createHash } from 'node:crypto';
import { NotFoundError, ValidationError, type ValidationIssue } from '../../shared/errors.ts';
import { looksLikeId, newId, nowSeconds } from '../../shared/ids.ts';
import type { MetadataStore } from '../../storage/mod.ts';
import { toToolDefinition } from '../tools/registry.ts';
import type { ToolDefinition, ToolRegistry } from '../tools/types.ts';

/**
 * Agents: a name, a description, instructions and the tools bound at creation. The bound ToolDefinitions are
 * stored with the agent, so an agent keeps answering with the tools it was created with.
 *
 * Records live in the metadata collection `agents` under `agents.<tenant hash>.<agent_id>`: a tenant reads, lists and
 * deletes only under its own prefix, so another tenant's agent id is simply not found (404), and listing is a
 * prefix scan rather than a filter over every tenant's agents.
 */

export interface AgentView {
  agent_id: string;
  name: string;
  description: string;
  instructions: string;
  created_at: number;
  tools: ToolDefinition[];
}

export interface AgentRecord extends AgentView {
  tenant: string;
}

export interface AgentInput {
  name: string;
  description: string;
  instructions: string;
  tool_names?: string[];
}

function tenantKey(tenant: string): string {
  return createHash('sha256').update(tenant).digest('hex').slice(0, 16);
}

function tenantPrefix(tenant: string): string {
  return `agents.${tenantKey(tenant)}.`;
}

export function toAgentView(record: AgentRecord): AgentView {
  const { agent_id, name, description, instructions, created_at, tools } = record;
  return { agent_id, name, description, instructions, created_at, tools };
}

export class AgentService {
  constructor(
    private readonly metadata: MetadataStore,
    private readonly tools: () => ToolRegistry,
  ) {}

  /** 422 (loc `['body', 'tool_names', i]`) for every name the registry does not hold; repeated names bind once. */
  async create(tenant: string, input: AgentInput): Promise<AgentView> {
    const tools = this.bindTools(input.tool_names ?? []);
    const record: AgentRecord = {
      agent_id: newId('agent'),
      tenant,
      name: input.name,
      description: input.description,
      instructions: input.instructions,
      created_at: nowSeconds(),
      tools,
    };
    await this.metadata.create('agents', tenantPrefix(tenant) + record.agent_id, record);
    return toAgentView(record);
  }

  /** The caller's agent; an unknown id or another tenant's is 404 Agent not found. */
  async get(tenant: string, agentId: string): Promise<AgentRecord> {
    if (!looksLikeId(agentId, 'agent')) throw new NotFoundError('Agent');
    const found = await this.metadata.get<AgentRecord>('agents', tenantPrefix(tenant) + agentId);
    if (!found || found.value.tenant !== tenant) throw new NotFoundError('Agent');
    return found.value;
  }

  /** The caller's agents, oldest first (ids are time-sortable). */
  async list(tenant: string): Promise<AgentView[]> {
    const rows = await this.metadata.list<AgentRecord>('agents', tenantPrefix(tenant));
    return rows.filter((row) => row.value.tenant === tenant).map((row) => toAgentView(row.value));
  }

  async remove(tenant: string, agentId: string): Promise<void> {
    await this.get(tenant, agentId);
    if (!(await this.metadata.delete('agents', tenantPrefix(tenant) + agentId))) throw new NotFoundError('Agent');
  }

  private bindTools(names: string[]): ToolDefinition[] {
    const registry = this.tools();
    const issues: ValidationIssue[] = [];
    const bound = new Map<string, ToolDefinition>();
    names.forEach((name, i) => {
      const tool = registry.get(name);
      if (!tool) {
        issues.push({
          loc: ['body', 'tool_names', i],
          msg: `Unknown tool "${name}"; GET /v1/agents/tools lists the tools`,
          type: 'value_error',
        });
      } else if (!bound.has(name)) {
        bound.set(name, toToolDefinition(tool));
      }
    });
    if (issues.length > 0) throw new ValidationError(issues);
    return [...bound.values()];
  }
}

/** POST /v1/agents/tools: every word of `query` in the name, description or endpoint, and/or one of `names`. */
export function searchTools(registry: ToolRegistry, filter: { query?: string; names?: string[] }): ToolDefinition[] {
  const words = (filter.query ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
  const names = filter.names ? new Set(filter.names) : null;
  return registry
    .list()
    .filter((tool) => !names || names.has(tool.name))
    .filter((tool) => {
      const haystack = `${tool.name} ${tool.description} ${tool.endpoint ?? ''}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .map(toToolDefinition);
}
