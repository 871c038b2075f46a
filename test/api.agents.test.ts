/**
 * The tool registry (GET/POST /v1/agents/tools) and agents (create, list, get, delete), through the real app on
 * both metadata adapters: SQLite and NATS KV (a real nats-server).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUTH_A, AUTH_B, type TestApp } from './helpers/app.ts';
import { detailOf, get, useNatsTestApp, useTestApp, validationLocs, type Auth } from './helpers/api.ts';
import { natsOrSkip } from './helpers/nats-server.ts';
import { processingRouteSpecs } from '../src/api/routes/index.ts';
import { processingTool } from '../src/api/processing.ts';
import { DuplicateToolError, installToolRegistry, openApiPath, toolRegistryOf } from '../src/api/tools/registry.ts';
import type { ToolDefinition } from '../src/api/tools/types.ts';

interface AgentBody {
  agent_id: string;
  name: string;
  description: string;
  instructions: string;
  created_at: number;
  tools: ToolDefinition[];
}

const FILE_AND_JOB_TOOLS: Record<string, string> = {
  upload: 'POST /api/v1/upload',
  get_file: 'GET /v1/files/{file_id}',
  page_image: 'GET /v1/files/{file_id}/pages/{page_index}/image',
  get_job: 'GET /v1/jobs/{job_id}',
  get_job_result: 'GET /v1/jobs/{job_id}/result',
  list_files: 'GET /v1/files',
  delete_file: 'DELETE /v1/files/{file_id}',
  list_jobs: 'GET /v1/jobs',
  cancel_job: 'POST /v1/jobs/{job_id}/cancel',
  delete_job: 'DELETE /v1/jobs/{job_id}',
};

/** The capabilities the issue names: a route that stops being a tool (or a new tool) shows up here. */
const ISSUE_TOOLS = [
  'parse',
  'layout',
  'ocr',
  'classify',
  'split',
  'tables',
  'equations',
  'charts',
  'schema_auto',
  'extract',
  'ask',
  'synthesize',
  'synthesize_set',
  'upload',
  'get_file',
  'page_image',
  'get_job',
  'get_job_result',
  'list_files',
  'delete_file',
  'list_jobs',
  'cancel_job',
  'delete_job',
];

function createAgent(t: TestApp, body: Record<string, unknown>, auth: Auth = AUTH_A) {
  return t.app.inject({ method: 'POST', url: '/v1/agents', headers: auth, payload: body });
}

function searchTools(t: TestApp, body: Record<string, unknown> | undefined) {
  return t.app.inject({ method: 'POST', url: '/v1/agents/tools', headers: AUTH_A, ...(body ? { payload: body } : {}) });
}

async function toolList(t: TestApp): Promise<ToolDefinition[]> {
  const res = await get(t.app, '/v1/agents/tools');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tools: ToolDefinition[] }).tools;
}

function registryTests(app: () => TestApp): void {
  it('lists every processing route (aliases once) and the file/job tools, nothing else', async () => {
    const tools = await toolList(app());
    const processing = processingRouteSpecs.filter((spec) => processingTool(spec) !== false);
    expect(processing.length).toBe(processingRouteSpecs.length - 1); // /api/v1/synthesize/one is an alias
    const expected = new Map<string, string>([
      ...processing.map((spec) => [spec.operation, `POST ${openApiPath(spec.url)}`] as [string, string]),
      ...Object.entries(FILE_AND_JOB_TOOLS),
    ]);
    expect(new Map(tools.map((tool) => [tool.name, tool.endpoint]))).toEqual(expected);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...ISSUE_TOOLS].sort());
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'endpoint', 'mcp_name', 'name']);
      expect(tool.mcp_name).toBe(`docintel_${tool.name}`);
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
    }
    expect(tools.find((tool) => tool.name === 'tables')?.description).toMatch(/file_id.*pdf_base64.*get_job_result/s);
  });

  it('has every endpoint in the OpenAPI document with that method', async () => {
    const doc = (await get(app().app, '/openapi.json', {})).json() as { paths: Record<string, Record<string, unknown>> };
    for (const tool of await toolList(app())) {
      const [method, path] = (tool.endpoint ?? '').split(' ');
      expect(doc.paths[path]?.[method.toLowerCase()], tool.endpoint ?? tool.name).toBeDefined();
    }
  });

  it('gives each tool a standalone input schema (path, query and body members, shared schemas inlined)', () => {
    const registry = toolRegistryOf(app().app);
    const pageImage = registry.get('page_image')!;
    expect(pageImage.method).toBe('GET');
    expect(pageImage.url).toBe('/v1/files/:file_id/pages/:page_index/image');
    expect(Object.keys(pageImage.inputSchema.properties as object).sort()).toEqual(['dpi', 'file_id', 'page_index']);
    expect(pageImage.inputSchema.required).toEqual(['file_id', 'page_index']);
    const parse = registry.byMcpName('docintel_parse')!;
    expect(parse.operation).toBe('parse');
    expect((parse.inputSchema.properties as Record<string, { properties?: object }>).input.properties).toHaveProperty('pdf_base64');
    for (const tool of registry.list()) expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain('$ref');
  });

  it('POST /v1/agents/tools filters by words and by names, in the same shape', async () => {
    const all = await toolList(app());
    const noBody = await searchTools(app(), undefined);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json()).toEqual({ tools: all });

    const latex = (await searchTools(app(), { query: 'LaTeX' })).json() as { tools: ToolDefinition[] };
    expect(latex.tools.map((tool) => tool.name)).toEqual(['equations']);
    expect(latex.tools[0]).toEqual(all.find((tool) => tool.name === 'equations'));

    const words = (await searchTools(app(), { query: 'JOB status' })).json() as { tools: ToolDefinition[] };
    expect(words.tools.map((tool) => tool.name)).toContain('get_job');
    for (const tool of words.tools) expect(`${tool.name} ${tool.description}`.toLowerCase()).toMatch(/job[\s\S]*status|status[\s\S]*job/);

    const named = (await searchTools(app(), { names: ['ocr', 'upload', 'no_such_tool'] })).json() as { tools: ToolDefinition[] };
    expect(named.tools.map((tool) => tool.name).sort()).toEqual(['ocr', 'upload']);

    const both = (await searchTools(app(), { names: ['ocr', 'tables'], query: 'cell' })).json() as { tools: ToolDefinition[] };
    expect(both.tools.map((tool) => tool.name)).toEqual(['tables']);

    expect((await searchTools(app(), { query: 'zzqxv' })).json()).toEqual({ tools: [] });
    expect(validationLocs(await searchTools(app(), { names: { first: 'ocr' } }))).toContainEqual(['body', 'names']);
  });
}

function agentTests(app: () => TestApp): void {
  it('creates an agent with its tools bound inline, then gets and lists it', async () => {
    const before = Date.now() / 1000;
    const res = await createAgent(app(), {
      name: 'Invoice bot',
      description: 'Reads invoices',
      instructions: 'Extract totals.',
      tool_names: ['upload', 'extract', 'get_job', 'extract'],
      color: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(200);
    const agent = res.json() as AgentBody;
    expect(agent.agent_id).toMatch(/^agent_[0-9a-z]{20,}$/);
    expect(agent).toMatchObject({ name: 'Invoice bot', description: 'Reads invoices', instructions: 'Extract totals.' });
    expect(agent).not.toHaveProperty('color');
    expect(agent).not.toHaveProperty('tenant');
    expect(agent.created_at).toBeGreaterThanOrEqual(Math.floor(before));
    expect(agent.created_at).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    const all = await toolList(app());
    expect(agent.tools).toEqual(['upload', 'extract', 'get_job'].map((name) => all.find((tool) => tool.name === name)));

    const got = await get(app().app, `/v1/agents/${agent.agent_id}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual(agent);

    const listed = (await get(app().app, '/v1/agents')).json() as { agents: AgentBody[] };
    expect(listed.agents.find((a) => a.agent_id === agent.agent_id)).toEqual(agent);
  });

  it('creates an agent without tools and lists agents oldest first', async () => {
    const first = (await createAgent(app(), { name: 'first', description: '', instructions: 'x' })).json() as AgentBody;
    const second = (await createAgent(app(), { name: 'second', description: 'd', instructions: 'y', tool_names: [] })).json() as AgentBody;
    expect(first.tools).toEqual([]);
    const ids = ((await get(app().app, '/v1/agents')).json() as { agents: AgentBody[] }).agents.map((a) => a.agent_id);
    expect(ids.indexOf(first.agent_id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.agent_id)).toBeGreaterThan(ids.indexOf(first.agent_id));
  });

  it('refuses unknown tool names with a 422 at each index, and stores nothing', async () => {
    const countBefore = ((await get(app().app, '/v1/agents')).json() as { agents: unknown[] }).agents.length;
    const res = await createAgent(app(), {
      name: 'bad',
      description: 'd',
      instructions: 'i',
      tool_names: ['parse', 'nope', 'ocr', 'docintel_ocr'],
    });
    expect(validationLocs(res)).toEqual([
      ['body', 'tool_names', 1],
      ['body', 'tool_names', 3],
    ]);
    expect(JSON.stringify(detailOf(res))).toContain('nope');
    expect(((await get(app().app, '/v1/agents')).json() as { agents: unknown[] }).agents.length).toBe(countBefore);
  });

  it('validates the required members', async () => {
    expect(validationLocs(await createAgent(app(), { name: 'n', description: 'd', tool_names: [] })).flat()).toContain('instructions');
    expect(
      validationLocs(await createAgent(app(), { name: 'n', description: 'd', instructions: 'i', tool_names: { first: 'parse' } })).flat(),
    ).toContain('tool_names');
    expect(validationLocs(await createAgent(app(), { name: 'n', description: { text: 'd' }, instructions: 'i' })).flat()).toContain(
      'description',
    );
  });

  it('keeps agents per API key: another key cannot see, list or delete them', async () => {
    const agent = (
      await createAgent(app(), { name: 'private', description: 'd', instructions: 'i', tool_names: ['parse'] })
    ).json() as AgentBody;
    const seenByB = await get(app().app, `/v1/agents/${agent.agent_id}`, AUTH_B);
    expect(seenByB.statusCode).toBe(404);
    expect(detailOf(seenByB)).toBe('Agent not found');
    const listB = (await get(app().app, '/v1/agents', AUTH_B)).json() as { agents: AgentBody[] };
    expect(listB.agents.map((a) => a.agent_id)).not.toContain(agent.agent_id);
    const deleteByB = await app().app.inject({ method: 'DELETE', url: `/v1/agents/${agent.agent_id}`, headers: AUTH_B });
    expect(deleteByB.statusCode).toBe(404);
    expect((await get(app().app, `/v1/agents/${agent.agent_id}`)).statusCode).toBe(200);

    const ofB = (await createAgent(app(), { name: 'b', description: 'd', instructions: 'i' }, AUTH_B)).json() as AgentBody;
    const listA = (await get(app().app, '/v1/agents')).json() as { agents: AgentBody[] };
    expect(listA.agents.map((a) => a.agent_id)).not.toContain(ofB.agent_id);
  });

  it('deletes an agent (204), after which it is gone', async () => {
    const agent = (await createAgent(app(), { name: 'temp', description: 'd', instructions: 'i' })).json() as AgentBody;
    const del = await app().app.inject({ method: 'DELETE', url: `/v1/agents/${agent.agent_id}`, headers: AUTH_A });
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    expect((await get(app().app, `/v1/agents/${agent.agent_id}`)).statusCode).toBe(404);
    expect(((await get(app().app, '/v1/agents')).json() as { agents: AgentBody[] }).agents.map((a) => a.agent_id)).not.toContain(
      agent.agent_id,
    );
    expect((await app().app.inject({ method: 'DELETE', url: `/v1/agents/${agent.agent_id}`, headers: AUTH_A })).statusCode).toBe(404);
    expect((await get(app().app, '/v1/agents/agent_doesnotexist0000000000')).statusCode).toBe(404);
    expect((await get(app().app, '/v1/agents/not-an-id')).statusCode).toBe(404);
  });

  it('needs an API key', async () => {
    expect((await get(app().app, '/v1/agents/tools', {})).statusCode).toBe(401);
    expect((await createAgent(app(), { name: 'n', description: 'd', instructions: 'i' }, {})).statusCode).toBe(401);
  });
}

describe('tool registry and agents (SQLite metadata)', () => {
  const app = useTestApp({}, { worker: false });
  registryTests(app);
  agentTests(app);
});

describe('tool registry wiring', () => {
  it('refuses two routes with the same tool name at startup', async () => {
    const app = Fastify();
    installToolRegistry(app);
    app.get('/a', { config: { tool: { name: 'same' } } }, async () => ({}));
    // buildApp awaits each register: the duplicate fails the app's start.
    await expect(
      app.register(async (child) => {
        child.get('/b/:id', { config: { tool: { name: 'same' } } }, async () => ({}));
      }),
    ).rejects.toThrow(DuplicateToolError);
    await app.close().catch(() => undefined);
  });

  it('collects only routes that opt in, with OpenAPI-style endpoints', async () => {
    const app = Fastify();
    installToolRegistry(app);
    app.get('/plain', async () => ({}));
    await app.register(async (child) => {
      child.delete(
        '/things/:thing_id',
        {
          config: { tool: { name: 'drop', description: 'Drops a thing.' } },
          schema: { params: { type: 'object', properties: { thing_id: { type: 'string' } } } },
        },
        async () => ({}),
      );
    });
    await app.ready();
    expect(
      toolRegistryOf(app)
        .list()
        .map((tool) => [tool.name, tool.endpoint, tool.mcp_name, tool.description]),
    ).toEqual([['drop', 'DELETE /things/{thing_id}', 'docintel_drop', 'Drops a thing.']]);
    await app.close();
  });
});

const haveNats = natsOrSkip('agents on NATS KV');

describe.skipIf(!haveNats)('agents on the NATS metadata adapter', () => {
  const app = useNatsTestApp({}, { worker: false });

  it('really stores metadata in NATS KV', () => {
    expect(app().runtime.stores.metadata.constructor.name).toMatch(/Nats/);
  });

  it('round-trips an agent through the KV store', async () => {
    const agent = (await createAgent(app(), { name: 'kv', description: 'd', instructions: 'i', tool_names: ['ask'] })).json() as AgentBody;
    const stored = await app().runtime.stores.metadata.list<{ agent_id: string; tenant: string }>('agents');
    expect(stored.find((row) => row.value.agent_id === agent.agent_id)?.value.tenant).toBe('a');
  });

  agentTests(app);
});
