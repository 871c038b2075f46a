/**
 * The MCP server at /mcp over a listening app, driven by the SDK's own client over Streamable HTTP: the registry as
 * tools, an agent's restricted tool set and instructions, a PDF uploaded and parsed through tool calls (with job
 * progress), HTTP errors as tool errors, tools outside the agent's set refused, and the API's authentication.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolHttpRequest } from '../src/api/mcp/http-request.ts';
import { toolRegistryOf } from '../src/api/tools/registry.ts';
import { AUTH_A, AUTH_B } from './helpers/app.ts';
import { listen, useTestApp, waitForFinalJob, type Auth } from './helpers/api.ts';
import { longPdf, REPORT, reportPdf } from './helpers/layout-pdfs.ts';
import { RULED_4X3, tablePdf } from './helpers/table-pdfs.ts';

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
    method: 'POST',
    url: '/v1/agents',
    headers: auth,
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
    expect(
      errorText(
        (await client.callTool({ name: upload, arguments: { filename: 'a.pdf', content_base64: 'not base64!' } })) as CallToolResult,
      ),
    ).toMatch(/not base64/);
    expect(errorText((await client.callTool({ name: upload, arguments: { content_base64: 'AAAA' } })) as CallToolResult)).toMatch(
      /filename/,
    );
  });

  it('sends an upload password as a multipart field before the file', async () => {
    const upload = toolRegistryOf(app().app).get('upload');
    if (!upload) throw new Error('no upload tool');
    const pdf = reportPdf();
    const request = toolHttpRequest(upload, { filename: 'a.pdf', content_base64: pdf.toString('base64'), password: 'pw "1"' }, 'Bearer x');
    const form = await new Response(request.payload, { headers: { 'content-type': request.headers['content-type'] } }).formData();
    expect([...form.keys()]).toEqual(['password', 'files']);
    expect(form.get('password')).toBe('pw "1"');
    expect(Buffer.from(await (form.get('files') as File).arrayBuffer()).equals(pdf)).toBe(true);
    expect(() => toolHttpRequest(upload, { filename: 'a.pdf', content_base64: 'AAAA', password: 5 }, 'Bearer x')).toThrow(/"password"/);
  });

  it('is not part of the OpenAPI document', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/openapi.json' });
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).not.toContain('/mcp');
  });
});

describe('MCP with an agent', () => {
  const mcpName = (name: string) => toolRegistryOf(app().app).get(name)?.mcp_name as string;

  it("shows only the agent's tools and instructions, uploads and parses a PDF with progress, refuses other tools", async () => {
    const agent = await createAgent(AUTH_A, ['upload', 'parse', 'get_job']);
    const client = await connect(AUTH_A, `?agent_id=${agent.agent_id}`);
    expect(client.getInstructions()).toBe(agent.instructions);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['upload', 'parse', 'get_job'].map(mcpName).sort());

    const uploaded = structured<{ files: { file_id: string; filename: string }[] }>(
      (await client.callTool({
        name: mcpName('upload'),
        arguments: { filename: 'report.pdf', content_base64: reportPdf().toString('base64'), content_type: 'application/pdf' },
      })) as CallToolResult,
    );
    expect(uploaded.files).toHaveLength(1);
    expect(uploaded.files[0].filename).toBe('report.pdf');

    const progress: Progress[] = [];
    const parsed = structured<{ markdown: string; metadata: { page_count: number; file_id: string } }>(
      (await client.callTool(
        { name: mcpName('parse'), arguments: { input: { file_id: uploaded.files[0].file_id }, format: 'json' } },
        undefined,
        { onprogress: (p) => progress.push(p), timeout: 30_000 },
      )) as CallToolResult,
    );
    expect(parsed.metadata.file_id).toBe(uploaded.files[0].file_id);
    expect(parsed.metadata.page_count).toBe(3);
    for (const text of [REPORT.title, ...REPORT.sections]) expect(parsed.markdown).toContain(text);
    // The job's page progress, increasing, ending at all pages.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3 });
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));

    expect(
      errorText(
        (await client.callTool({
          name: mcpName('tables'),
          arguments: { input: { file_id: uploaded.files[0].file_id } },
        })) as CallToolResult,
      ),
    ).toMatch(/Unknown tool/);
  }, 60_000);

  it('answers an explicit async call with the JobRef, and HTTP errors as tool errors with the API detail', async () => {
    const agent = await createAgent(AUTH_A, ['parse', 'get_job']);
    const client = await connect(AUTH_A, `?agent_id=${agent.agent_id}`);
    const ref = structured<{ job_id: string; status: string }>(
      (await client.callTool({
        name: mcpName('parse'),
        arguments: { input: { markdown: '# Title\n\nSome words.' }, execution_mode: 'async' },
      })) as CallToolResult,
    );
    expect(ref.job_id).toMatch(/^job_/);
    const job = structured<{ job_id: string }>(
      (await client.callTool({ name: mcpName('get_job'), arguments: { job_id: ref.job_id } })) as CallToolResult,
    );
    expect(job.job_id).toBe(ref.job_id);

    const missing = (await client.callTool({ name: mcpName('get_job'), arguments: { job_id: 'job_doesnotexist' } })) as CallToolResult;
    expect(errorText(missing)).toMatch(/^HTTP 404/);
    expect(missing.structuredContent).toEqual({ status_code: 404, detail: 'Job not found' });
    const invalid = (await client.callTool({ name: mcpName('parse'), arguments: { execution_mode: 'sync' } })) as CallToolResult;
    expect(errorText(invalid)).toMatch(/^HTTP 422/);
    expect(errorText((await client.callTool({ name: mcpName('get_job'), arguments: {} })) as CallToolResult)).toMatch(
      /missing argument "job_id"/,
    );
  }, 30_000);

  it("is 404 for an unknown agent and for another tenant's agent", async () => {
    const agent = await createAgent(AUTH_A, ['parse']);
    await expect(connect(AUTH_B, `?agent_id=${agent.agent_id}`)).rejects.toThrow(/404|Agent not found/);
    await expect(connect(AUTH_A, '?agent_id=agent_doesnotexist')).rejects.toThrow(/404|Agent not found/);
  });
});

interface Window {
  summary: string;
  window: { first_page: number | null; last_page: number | null; page_count: number };
  next_cursor: string | null;
  job_id?: string;
}

function textOf(result: CallToolResult): string {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
}

/** What a compact answer costs an agent's context: its text and its structured content. */
function answerSize(result: CallToolResult): number {
  return textOf(result).length + JSON.stringify(result.structuredContent ?? {}).length;
}

describe('MCP compact answers (parse, ocr, layout, tables)', () => {
  const mcpName = (name: string) => toolRegistryOf(app().app).get(name)?.mcp_name as string;
  const PAGES = 20;

  async function uploadFile(client: Client, filename: string, bytes: Buffer): Promise<string> {
    const uploaded = structured<{ files: { file_id: string }[] }>(
      (await client.callTool({
        name: mcpName('upload'),
        arguments: { filename, content_base64: bytes.toString('base64') },
      })) as CallToolResult,
    );
    return uploaded.files[0].file_id;
  }

  it('parse answers a small window of a 20-page PDF by default; its cursors walk every page once; json is the whole body', async () => {
    const client = await connect(AUTH_A);
    const { tools } = await client.listTools();
    expect(Object.keys(tools.find((t) => t.name === mcpName('parse'))?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['format', 'max_chars', 'max_pages', 'cursor']),
    );
    const fileId = await uploadFile(client, 'long.pdf', longPdf(PAGES));

    const first = (await client.callTool({ name: mcpName('parse'), arguments: { input: { file_id: fileId } } }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    const full = (await client.callTool({ name: mcpName('parse'), arguments: { input: { file_id: fileId }, format: 'json' } }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    const body = structured<{ markdown: string; pages: unknown[] }>(full);
    expect(body.pages).toHaveLength(PAGES);
    expect(answerSize(first)).toBeLessThan(16_000);
    expect(answerSize(first) * 5).toBeLessThan(answerSize(full));

    const meta = first.structuredContent as unknown as Window;
    expect(meta.window).toEqual({ first_page: 1, last_page: 5, page_count: PAGES });
    expect(meta.summary).toMatch(/^20 pages, \d+ characters of markdown/);
    expect(textOf(first)).toContain('Paragraph 1 of the long document.');
    expect(textOf(first)).not.toContain('Paragraph 6 of the long document.');
    expect(textOf(first)).toContain(meta.next_cursor as string);

    // The cursor reads the finished job's result again: no new job, same text page by page.
    const jobsBefore = (await app().runtime.stores.metadata.list('jobs')).length;
    const seen: number[] = [];
    let answer: CallToolResult = first;
    for (;;) {
      const text = textOf(answer);
      for (const match of text.matchAll(/Paragraph (\d+) of the long document\./g)) seen.push(Number(match[1]));
      const cursor = (answer.structuredContent as unknown as Window).next_cursor;
      if (!cursor) break;
      answer = (await client.callTool({
        name: mcpName('parse'),
        arguments: { input: { file_id: fileId }, cursor, max_pages: 7 },
      })) as CallToolResult;
      expect((answer.structuredContent as unknown as Window).job_id).toBe(meta.job_id);
    }
    expect(seen).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(textOf(answer)).toContain('End of the result.');
    expect((await app().runtime.stores.metadata.list('jobs')).length).toBe(jobsBefore);
  }, 120_000);

  it('a page longer than max_chars is cut at a line and continued; a foreign cursor is refused', async () => {
    const client = await connect(AUTH_A);
    const fileId = await uploadFile(client, 'report.pdf', reportPdf());
    const cut = (await client.callTool({ name: mcpName('parse'), arguments: { input: { file_id: fileId }, max_chars: 1000 } }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    const cutPage = /<!-- page (\d) \(continues in the next answer\) -->\n[\s\S]*More: call/.exec(textOf(cut))?.[1];
    expect(cutPage, textOf(cut)).toBeDefined();
    expect(textOf(cut).length).toBeLessThan(1000 + 500);
    const cursor = (cut.structuredContent as unknown as Window).next_cursor as string;
    const next = (await client.callTool({ name: mcpName('parse'), arguments: { cursor, max_chars: 100_000 } })) as CallToolResult;
    expect(textOf(next)).toMatch(new RegExp(`This answer: pages? ${cutPage}(-3)? of 3`));
    expect(textOf(next)).toContain(`<!-- page ${cutPage} (continued) -->`);
    for (const section of REPORT.sections) expect(textOf(cut) + textOf(next)).toContain(section);
    expect((next.structuredContent as unknown as Window).next_cursor).toBeNull();

    expect(
      errorText((await client.callTool({ name: mcpName('layout'), arguments: { input: { file_id: fileId }, cursor } })) as CallToolResult),
    ).toMatch(/not a cursor of this tool/);
    expect(
      errorText(
        (await client.callTool({ name: mcpName('parse'), arguments: { input: { file_id: fileId }, format: 'xml' } })) as CallToolResult,
      ),
    ).toMatch(/"format"/);
  }, 60_000);

  it('get_job_result of a parse job is windowed like parse (cursor included); of another operation whole', async () => {
    const client = await connect(AUTH_A);
    const fileId = await uploadFile(client, 'long.pdf', longPdf(8));
    const ref = structured<{ job_id: string }>(
      (await client.callTool({
        name: mcpName('parse'),
        arguments: { input: { file_id: fileId }, execution_mode: 'async' },
      })) as CallToolResult,
    );
    expect((await waitForFinalJob(app().app, ref.job_id)).status).toBe('completed');
    const first = (await client.callTool({
      name: mcpName('get_job_result'),
      arguments: { job_id: ref.job_id, max_pages: 6 },
    })) as CallToolResult;
    expect(textOf(first)).toMatch(/^8 pages, .*This answer: pages 1-6 of 8/);
    const cursor = (first.structuredContent as unknown as Window).next_cursor as string;
    const rest = (await client.callTool({ name: mcpName('get_job_result'), arguments: { job_id: ref.job_id, cursor } })) as CallToolResult;
    expect(textOf(rest)).toContain('Paragraph 8 of the long document.');
    expect(textOf(rest)).not.toContain('Paragraph 6 of the long document.');
    const whole = structured<{ pages: unknown[] }>(
      (await client.callTool({ name: mcpName('get_job_result'), arguments: { job_id: ref.job_id, format: 'json' } })) as CallToolResult,
    );
    expect(whole.pages).toHaveLength(8);

    const classified = structured<{ job_id: string }>(
      (await client.callTool({
        name: mcpName('classify'),
        arguments: { input: { file_id: fileId }, execution_mode: 'async' },
      })) as CallToolResult,
    );
    expect((await waitForFinalJob(app().app, classified.job_id)).status).toBe('completed');
    expect(
      structured<{ doc_class: string }>(
        (await client.callTool({ name: mcpName('get_job_result'), arguments: { job_id: classified.job_id } })) as CallToolResult,
      ).doc_class,
    ).toEqual(expect.any(String));
  }, 60_000);

  it('layout, ocr and tables answer a summary and page text too; format json the whole body', async () => {
    const client = await connect(AUTH_A);
    const report = await uploadFile(client, 'report.pdf', reportPdf());
    const layout = (await client.callTool({ name: mcpName('layout'), arguments: { input: { file_id: report } } }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    expect(textOf(layout)).toMatch(/^3 pages, \d+ regions/);
    expect(textOf(layout)).toMatch(/<!-- page 3 -->\n- \w+ \S+ \[\d+,\d+,\d+,\d+\]/);
    const layoutJson = structured<{ pages: unknown[] }>(
      (await client.callTool({ name: mcpName('layout'), arguments: { input: { file_id: report }, format: 'json' } })) as CallToolResult,
    );
    expect(layoutJson.pages).toHaveLength(3);
    const ocr = (await client.callTool({ name: mcpName('ocr'), arguments: { input: { file_id: report }, max_pages: 1 } }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    expect(textOf(ocr)).toMatch(/^3 pages, \d+ text lines\. This answer: page 1 of 3/);
    expect(textOf(ocr)).toContain(REPORT.title);
    expect(textOf(ocr)).not.toContain(REPORT.sections[1]);

    const table = await uploadFile(client, 'table.pdf', tablePdf(RULED_4X3));
    const tables = (await client.callTool({
      name: mcpName('tables'),
      arguments: { input: { file_id: table }, execution_mode: 'sync' },
    })) as CallToolResult;
    expect(textOf(tables)).toMatch(/^1 tables/);
    expect(textOf(tables)).toContain('Item\tQuantity\tPrice');
    expect(textOf(tables)).toContain('End of the result.');
  }, 60_000);
});

describe('MCP authentication and transport', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('is 401 without a key or with an unknown key', async () => {
    const none = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body: JSON.stringify(initialize) });
    expect(none.status).toBe(401);
    const wrong = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer not-a-key' },
      body: JSON.stringify(initialize),
    });
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
