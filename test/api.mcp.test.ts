/**
 * The MCP server at /mcp over a listening app, driven by the SDK's own client over Streamable HTTP: the registry as
 * tools, an agent's restricted tool set and instructions, a PDF uploaded and parsed through tool calls (with job
 * progress), HTTP errors as tool errors, tools outside the agent's set refused, and the API's authentication.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolRegistryOf } from '../src/api/tools/registry.ts';
import { AUTH_A, AUTH_B } from './helpers/app.ts';
import { listen, useTestApp, type Auth } from './helpers/api.ts';
import { REPORT, reportPdf } from './helpers/layout-pdfs.ts';

const app = useTestApp();
let baseUrl = '';
const clients: Client[] = [];

beforeAll(async () => {
  baseUrl = await listen(app().app);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

async function connect(auth: Auth, query = ''): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp${query}`), { requestInit: { headers: auth } });
  const client = new Client({ name: 'docintel-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function createAgent(auth: Auth, toolNames: string[]): Promise<{ agent_id: string; instructions: string }> {
  const instructions = 'Parse the documents the user uploads and answer from their text only.';
  const res = await app().app.inject({
    method: 'POST', url: '/v1/agents', headers: auth,
    payload: { name: 'Reader', description: 'Uploads and parses documents', instructions, tool_names: toolNames },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { agent_id: (res.json() as { agent_id: string }).agent_id, instructions };
}

function structured<T>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const text = (result.content[0] as { type: string; text: string }).text;
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
}

describe('MCP tools/list', () => {
  it('lists every registry tool by its MCP name, with its description and input schema', async () => {
    const client = await connect(AUTH_A);
    const { tools } = await client.listTools();
    const registry = toolRegistryOf(app().app).list();
    expect(registry.length).toBeGreaterThan(10);
    expect(tools.map((t) => t.name).sort()).toEqual(registry.map((t) => t.mcp_name).sort());
    const parse = tools.find((t) => t.name === registry.find((r) => r.name === 'parse')?.mcp_name);
    expect(parse?.description).toMatch(/progress/);
    expect(parse?.inputSchema.required).toContain('input');
    // Shared schemas are inlined: an MCP client has no schema store to resolve `InputSource#` in.
    expect(JSON.stringify(parse?.inputSchema)).not.toContain('$ref');
    const upload = tools.find((t) => t.name === registry.find((r) => r.name === 'upload')?.mcp_name);
    expect(upload?.inputSchema.required).toEqual(['filename', 'content_base64']);
  });

  it('refuses upload arguments that are not a file, as a tool error', async () => {
    const client = await connect(AUTH_A);
    const upload = toolRegistryOf(app().app).get('upload')?.mcp_name as string;
    expect(errorText(await client.callTool({ name: upload, arguments: { filename: 'a.pdf', content_base64: 'not base64!' } }) as CallToolResult))
      .toMatch(/not base64/);
    expect(errorText(await client.callTool({ name: upload, arguments: { content_base64: 'AAAA' } }) as CallToolResult)).toMatch(/filename/);
  });

  it('is not part of the OpenAPI document', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/openapi.json' });
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).not.toContain('/mcp');
  });
});

describe('MCP with an agent', () => {
  const mcpName = (name: string) => toolRegistryOf(app().app).get(name)?.mcp_name as string;

  it('shows only the agent\'s tools and instructions, uploads and parses a PDF with progress, refuses other tools', async () => {
    const agent = await createAgent(AUTH_A, ['upload', 'parse', 'get_job']);
    const client = await connect(AUTH_A, `?agent_id=${agent.agent_id}`);
    expect(client.getInstructions()).toBe(agent.instructions);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['upload', 'parse', 'get_job'].map(mcpName).sort());

    const uploaded = structured<{ files: { file_id: string; filename: string }[] }>(await client.callTool({
      name: mcpName('upload'),
      arguments: { filename: 'report.pdf', content_base64: reportPdf().toString('base64'), content_type: 'application/pdf' },
    }) as CallToolResult);
    expect(uploaded.files).toHaveLength(1);
    expect(uploaded.files[0].filename).toBe('report.pdf');

    const progress: Progress[] = [];
    const parsed = structured<{ markdown: string; metadata: { page_count: number; file_id: string } }>(await client.callTool(
      { name: mcpName('parse'), arguments: { input: { file_id: uploaded.files[0].file_id } } },
      undefined,
      { onprogress: (p) => progress.push(p), timeout: 30_000 },
    ) as CallToolResult);
    expect(parsed.metadata.file_id).toBe(uploaded.files[0].file_id);
    expect(parsed.metadata.page_count).toBe(3);
    for (const text of [REPORT.title, ...REPORT.sections]) expect(parsed.markdown).toContain(text);
    // The job's page progress, increasing, ending at all pages.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3 });
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));

    expect(errorText(await client.callTool({ name: mcpName('tables'), arguments: { input: { file_id: uploaded.files[0].file_id } } }) as CallToolResult))
      .toMatch(/Unknown tool/);
  }, 60_000);

  it('answers an explicit async call with the JobRef, and HTTP errors as tool errors with the API detail', async () => {
    const agent = await createAgent(AUTH_A, ['parse', 'get_job']);
    const client = await connect(AUTH_A, `?agent_id=${agent.agent_id}`);
    const ref = structured<{ job_id: string; status: string }>(await client.callTool({
      name: mcpName('parse'), arguments: { input: { markdown: '# Title\n\nSome words.' }, execution_mode: 'async' },
    }) as CallToolResult);
    expect(ref.job_id).toMatch(/^job_/);
    const job = structured<{ job_id: string }>(await client.callTool({ name: mcpName('get_job'), arguments: { job_id: ref.job_id } }) as CallToolResult);
    expect(job.job_id).toBe(ref.job_id);

    const missing = await client.callTool({ name: mcpName('get_job'), arguments: { job_id: 'job_doesnotexist' } }) as CallToolResult;
    expect(errorText(missing)).toMatch(/^HTTP 404/);
    expect(missing.structuredContent).toEqual({ status_code: 404, detail: 'Job not found' });
    const invalid = await client.callTool({ name: mcpName('parse'), arguments: { execution_mode: 'sync' } }) as CallToolResult;
    expect(errorText(invalid)).toMatch(/^HTTP 422/);
    expect(errorText(await client.callTool({ name: mcpName('get_job'), arguments: {} }) as CallToolResult)).toMatch(/missing argument "job_id"/);
  }, 30_000);

  it('is 404 for an unknown agent and for another tenant\'s agent', async () => {
    const agent = await createAgent(AUTH_A, ['parse']);
    await expect(connect(AUTH_B, `?agent_id=${agent.agent_id}`)).rejects.toThrow(/404|Agent not found/);
    await expect(connect(AUTH_A, '?agent_id=agent_doesnotexist')).rejects.toThrow(/404|Agent not found/);
  });
});

describe('MCP authentication and transport', () => {
  const initialize = {
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('is 401 without a key or with an unknown key', async () => {
    const none = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify(initialize) });
    expect(none.status).toBe(401);
    const wrong = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { ...headers, authorization: 'Bearer not-a-key' }, body: JSON.stringify(initialize) });
    expect(wrong.status).toBe(401);
    await expect(connect({})).rejects.toThrow(/401|Not authenticated/i);
  });

  it('answers a keyed initialize over plain HTTP, and 405 to GET (stateless: no server-initiated stream)', async () => {
    const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { ...headers, ...AUTH_A }, body: JSON.stringify(initialize) });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await res.text()).toContain('"serverInfo"');
    const get = await fetch(`${baseUrl}/mcp`, { headers: { ...AUTH_A, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });
});
