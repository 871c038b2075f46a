/**
 * The optional LLM port (src/pipeline/extract/llm.ts) against a real local HTTP server speaking the OpenAI chat
 * completions API: what it sends, how it reads answers (plain, fenced, with extra or missing keys), and its typed
 * errors for HTTP failures, malformed answers, timeouts, cancellation and refused connections. Also the
 * DOCINTEL_LLM_* configuration.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmPort, LlmError, type LlmFieldRequest, type LlmPort } from '../src/pipeline/extract/llm.ts';
import type { SchemaField } from '../src/pipeline/extract/types.ts';
import { loadConfig } from '../src/shared/config.ts';
import { ConfigError } from '../src/shared/errors.ts';

interface Seen {
  url: string;
  authorization: string | undefined;
  body: { model: string; temperature: number; response_format?: unknown; messages: { role: string; content: string }[] };
}

type Reply = (seen: Seen, res: http.ServerResponse) => void;

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let reply: Reply;

function chat(content: string): Reply {
  return (_seen, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'cmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    );
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Seen = {
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'],
      };
      seen.push(entry);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  reply = chat('{}');
});

const field = (key: string, description: string, type: SchemaField['type'] = 'string', array = false): SchemaField => ({
  key,
  description,
  type,
  array,
});

const REQUEST: LlmFieldRequest = {
  fields: [
    field('invoice_number', 'Invoice number'),
    field('total', 'Total amount due', 'number'),
    field('party', 'Parties to the agreement', 'string', true),
  ],
  pages: [
    { page_index: 0, text: 'Invoice Number: INV-2024-0417\nTotal amount due 98.40' },
    { page_index: 1, text: 'Signed by Alpine Robotics GmbH and Brightwave Analytics Inc.' },
  ],
  instructions: 'Amounts as printed',
};

function port(options: { timeoutMs?: number; apiKey?: string } = {}): LlmPort {
  return createLlmPort({ baseUrl, model: 'test-model', apiKey: options.apiKey, timeoutMs: options.timeoutMs ?? 5000 });
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}

describe('createLlmPort', () => {
  it('asks the chat completions endpoint for a JSON object naming every field, with the pages and instructions', async () => {
    reply = chat('{"invoice_number": "INV-2024-0417", "total": "98.40", "party": ["Alpine Robotics GmbH", "Brightwave Analytics Inc."]}');
    const answer = await port({ apiKey: 'sk-test-123' }).findFields(REQUEST);
    expect(answer).toEqual({
      invoice_number: 'INV-2024-0417',
      total: '98.40',
      party: ['Alpine Robotics GmbH', 'Brightwave Analytics Inc.'],
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test-123');
    expect(request.body.model).toBe('test-model');
    expect(request.body.temperature).toBe(0);
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = request.body.messages[1].content;
    for (const text of [
      'invoice_number',
      'total (number)',
      'party (array of string)',
      'Total amount due',
      'Amounts as printed',
      'INV-2024-0417',
      '--- page 2 ---',
      'Brightwave',
    ]) {
      expect(user).toContain(text);
    }
    expect(request.body.messages[0].content).toMatch(/verbatim/);
  });

  it('keeps only the requested keys: numbers become their text, missing keys null or [], blanks null', async () => {
    reply = chat('{"invoice_number": "", "total": 98.4, "extra": "dropped"}');
    const answer = await port().findFields(REQUEST);
    expect(answer).toEqual({ invoice_number: null, total: '98.4', party: [] });
    expect(seen[0].authorization).toBeUndefined();
  });

  it('reads an object fenced in markdown or wrapped in prose; a single value for an array field becomes a list', async () => {
    reply = chat('Here you go:\n```json\n{"invoice_number": "INV-2024-0417", "total": null, "party": "Alpine Robotics GmbH"}\n```');
    expect(await port().findFields(REQUEST)).toEqual({ invoice_number: 'INV-2024-0417', total: null, party: ['Alpine Robotics GmbH'] });
  });

  it.each([
    ['no JSON at all', chat('I could not find these fields.')],
    ['broken JSON', chat('{"invoice_number": "INV-1",')],
    ['a JSON array', chat('["INV-1"]')],
    [
      'no choices',
      ((_s, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"object":"chat.completion"}');
      }) as Reply,
    ],
    [
      'a body that is not JSON',
      ((_s, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html>oops</html>');
      }) as Reply,
    ],
  ])('fails with a malformed LlmError on %s', async (_name, behaviour) => {
    reply = behaviour;
    expect((await failure(port().findFields(REQUEST))).kind).toBe('malformed');
  });

  it('fails with an http LlmError carrying the status', async () => {
    reply = (_s, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"overloaded"}}');
    };
    const err = await failure(port().findFields(REQUEST));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(503);
    expect(err.message).toContain('overloaded');
  });

  it('asks once more without response_format when the server refuses it (400)', async () => {
    reply = (s, res) => {
      if (s.body.response_format) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"response_format is not supported"}}');
      } else chat('{"invoice_number": "INV-2024-0417"}')(s, res);
    };
    const answer = await port().findFields({ ...REQUEST, fields: [REQUEST.fields[0]] });
    expect(answer).toEqual({ invoice_number: 'INV-2024-0417' });
    expect(seen.map((s) => s.body.response_format === undefined)).toEqual([false, true]);
  });

  it('gives up with a timeout LlmError when the server does not answer in time', async () => {
    reply = () => {
      // never answers; the connection is closed in afterAll
    };
    expect((await failure(port({ timeoutMs: 150 }).findFields(REQUEST))).kind).toBe('timeout');
  });

  it("stops with an aborted LlmError when the caller's signal fires", async () => {
    reply = () => {
      // never answers
    };
    const controller = new AbortController();
    const pending = port().findFields(REQUEST, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect((await failure(pending)).kind).toBe('aborted');
  });

  it('fails with a network LlmError when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port: freePort } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(createLlmPort({ baseUrl: `http://127.0.0.1:${freePort}/v1` }).findFields(REQUEST));
    expect(err.kind).toBe('network');
  });

  it('sends nothing for an empty field list', async () => {
    expect(await port().findFields({ ...REQUEST, fields: [] })).toEqual({});
    expect(seen).toHaveLength(0);
  });
});

describe('DOCINTEL_LLM_* configuration', () => {
  it('is off by default and read when the base URL is set', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ DOCINTEL_LLM_BASE_URL: 'http://localhost:8000/v1' }).llm).toEqual({
      baseUrl: 'http://localhost:8000/v1',
      apiKey: null,
      model: 'gpt-4o-mini',
    });
    expect(
      loadConfig({ DOCINTEL_LLM_BASE_URL: 'https://llm.example/v1', DOCINTEL_LLM_API_KEY: 'sk-1', DOCINTEL_LLM_MODEL: 'qwen2.5' }).llm,
    ).toEqual({ baseUrl: 'https://llm.example/v1', apiKey: 'sk-1', model: 'qwen2.5' });
  });

  it('refuses a base URL that is not http(s), naming the variable', () => {
    expect(() => loadConfig({ DOCINTEL_LLM_BASE_URL: 'localhost:8000' })).toThrow(ConfigError);
  });
});
