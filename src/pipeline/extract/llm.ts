import type { SchemaField } from './types.ts';

/**
 * The optional LLM (DOCINTEL_LLM_BASE_URL): an OpenAI-compatible chat completions server asked to point at the
 * text of the fields a schema names. It only ever answers with text copied from the document; the extractor
 * grounds each answer back to the page text (and drops what it cannot find), so the LLM can find values but
 * never invent them.
 */

export interface LlmFieldRequest {
  fields: SchemaField[];
  pages: { page_index: number; text: string }[];
  instructions?: string | null;
}

/** Field key -> the verbatim text the model read (array fields: several), or null when the document lacks it. */
export type LlmAnswer = Record<string, string | string[] | null>;

export interface LlmPort {
  findFields(request: LlmFieldRequest, signal?: AbortSignal): Promise<LlmAnswer>;
}

export interface LlmConfig {
  /** e.g. `http://localhost:8000/v1`: `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string | null;
  model?: string;
  timeoutMs?: number;
}

export type LlmErrorKind = 'timeout' | 'aborted' | 'network' | 'http' | 'malformed';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(`LLM ${kind}: ${message}`);
    this.name = 'LlmError';
  }
}

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';
export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
/** Page text sent per request: long documents are cut (the first pages hold most header fields). */
const MAX_PROMPT_CHARS = 48_000;
/** Longest verbatim value kept from an answer: longer ones are not values but paragraphs. */
const MAX_VALUE_CHARS = 2_000;

const SYSTEM_PROMPT = [
  'You read documents and point at the text of requested fields.',
  'Answer with one JSON object and nothing else. Its keys are exactly the requested field keys.',
  'Each value is the text copied verbatim from the document, exactly as printed (same digits, separators, currency signs and spelling),',
  'or null when the document does not state it. For a field marked "array", answer a JSON array of such strings ([] when none).',
  'Never compute, convert, translate, reformat or guess a value.',
].join(' ');

function describeField(field: SchemaField): string {
  const kind = field.array ? `array of ${field.type}` : field.type;
  return `- ${field.key} (${kind})${field.description ? `: ${field.description}` : ''}`;
}

function pagesText(pages: LlmFieldRequest['pages']): string {
  const parts: string[] = [];
  let used = 0;
  for (const page of pages) {
    const header = `--- page ${page.page_index + 1} ---\n`;
    const room = MAX_PROMPT_CHARS - used - header.length;
    if (room <= 0) break;
    const text = page.text.length > room ? page.text.slice(0, room) : page.text;
    parts.push(header + text);
    used += header.length + text.length;
  }
  return parts.join('\n');
}

export function buildMessages(request: LlmFieldRequest): { role: 'system' | 'user'; content: string }[] {
  const user = [
    'Fields:',
    ...request.fields.map(describeField),
    ...(request.instructions ? ['', `Instructions: ${request.instructions}`] : []),
    '',
    'Document:',
    pagesText(request.pages),
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

/** The JSON object inside a model's reply: plain, fenced in ```json, or wrapped in prose. */
function jsonObjectIn(content: string): Record<string, unknown> {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) throw new LlmError('malformed', 'the answer holds no JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.slice(start, end + 1));
  } catch (err) {
    throw new LlmError('malformed', `the answer is not valid JSON (${(err as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new LlmError('malformed', 'the answer is not a JSON object');
  return parsed as Record<string, unknown>;
}

function verbatim(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text.length > MAX_VALUE_CHARS ? null : text;
}

/** Only the requested keys, each a string (arrays: strings) or null; anything else the model said is dropped. */
export function parseAnswer(content: string, fields: SchemaField[]): LlmAnswer {
  const object = jsonObjectIn(content);
  const answer: LlmAnswer = {};
  for (const field of fields) {
    const raw = object[field.key];
    if (field.array) {
      const items = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw];
      answer[field.key] = items.map(verbatim).filter((v): v is string => v !== null);
    } else {
      answer[field.key] = Array.isArray(raw) ? verbatim(raw[0]) : verbatim(raw);
    }
  }
  return answer;
}

function replyContent(body: unknown): string {
  const choices = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices;
  const content = Array.isArray(choices) ? choices[0]?.message?.content : undefined;
  if (typeof content !== 'string') throw new LlmError('malformed', 'the reply has no choices[0].message.content string');
  return content;
}

export function createLlmPort(config: LlmConfig): LlmPort {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const model = config.model ?? DEFAULT_LLM_MODEL;
  const timeoutMs = config.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  async function post(body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (timeout.aborted) throw new LlmError('timeout', `no answer from ${url} within ${timeoutMs} ms`);
      if (signal?.aborted) throw new LlmError('aborted', 'the request was cancelled');
      throw new LlmError('network', `${url}: ${(err as Error).message}`);
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError') throw new LlmError('timeout', `the reply from ${url} did not finish within ${timeoutMs} ms`);
      if (name === 'AbortError') throw new LlmError('aborted', 'the request was cancelled');
      throw new LlmError('malformed', `the reply body is not JSON (${(err as Error).message})`);
    }
  }

  return {
    async findFields(request, signal) {
      if (request.fields.length === 0) return {};
      const body: Record<string, unknown> = {
        model,
        messages: buildMessages(request),
        temperature: 0,
        response_format: { type: 'json_object' },
      };
      let response = await post(body, signal);
      if (response.status === 400) {
        // Some compatible servers refuse response_format: ask once more without it (the prompt asks for JSON anyway).
        await response.body?.cancel();
        delete body.response_format;
        response = await post(body, signal);
      }
      if (!response.ok) {
        const text = (await response.text().catch(() => '')).slice(0, 200);
        throw new LlmError('http', `${url} answered ${response.status}${text ? `: ${text}` : ''}`, response.status);
      }
      return parseAnswer(replyContent(await readJson(response)), request.fields);
    },
  };
}
