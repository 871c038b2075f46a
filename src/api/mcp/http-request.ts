import type { RegisteredTool } from '../tools/types.ts';

/**
 * How a tool's flat arguments become the HTTP request of its route: path parameters fill the URL pattern, the
 * remaining arguments are the query string of GET/DELETE routes and the JSON body of POST routes (no route mixes
 * query members with a body). The upload route takes multipart, which JSON-RPC cannot carry, so over MCP it takes
 * one file as base64 (see UPLOAD_INPUT_SCHEMA) and the multipart body is built here.
 */

export interface ToolHttpRequest {
  method: RegisteredTool['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A tool call whose arguments cannot make a request (a missing path parameter, bad base64): the caller's error. */
export class ToolArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolArgumentError';
  }
}

export const UPLOAD_URL = '/api/v1/upload';

export const UPLOAD_INPUT_SCHEMA = {
  type: 'object',
  required: ['filename', 'content_base64'],
  additionalProperties: false,
  properties: {
    filename: { type: 'string', minLength: 1, maxLength: 255, description: 'The file name, with its extension (e.g. invoice.pdf)' },
    content_base64: { type: 'string', minLength: 1, contentEncoding: 'base64', description: 'The file bytes, base64-encoded' },
    content_type: { type: 'string', description: 'The media type, e.g. application/pdf (optional: the server sniffs the bytes)' },
    password: {
      type: 'string',
      description: 'The password of an encrypted PDF (optional): it is stored decrypted; the password is never stored or logged',
    },
  },
} as const;

export const UPLOAD_MCP_NOTE =
  'Over MCP this tool takes one file as `{ filename, content_base64, content_type? }` ' +
  '(multipart cannot travel in JSON-RPC) and returns `{ files: [FileRef] }`; pass the `file_id` to other tools as `input: { file_id }`.';

export function isUploadTool(tool: RegisteredTool): boolean {
  return tool.method === 'POST' && tool.url === UPLOAD_URL;
}

export function pathParamsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

export function toolHttpRequest(tool: RegisteredTool, args: Record<string, unknown>, authorization: string): ToolHttpRequest {
  const rest = { ...args };
  let url = tool.url;
  for (const name of pathParamsOf(tool.url)) {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new ToolArgumentError(`missing argument "${name}"`);
    url = url.replace(`:${name}`, encodeURIComponent(String(value)));
    delete rest[name];
  }
  const headers: Record<string, string> = { authorization };
  if (isUploadTool(tool)) return { method: tool.method, url, ...uploadBody(rest, headers) };
  if (tool.method !== 'POST') return { method: tool.method, url: url + queryString(rest), headers };
  return { method: tool.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(rest) };
}

function queryString(args: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function uploadBody(args: Record<string, unknown>, headers: Record<string, string>): { headers: Record<string, string>; payload: Buffer } {
  const { filename, content_base64: content, content_type: contentType, password } = args;
  if (typeof filename !== 'string' || !filename.trim()) throw new ToolArgumentError('"filename" must be a non-empty string');
  if (typeof content !== 'string' || !content) throw new ToolArgumentError('"content_base64" must be a non-empty base64 string');
  const compact = content.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw new ToolArgumentError('"content_base64" is not base64');
  if (contentType !== undefined && typeof contentType !== 'string') throw new ToolArgumentError('"content_type" must be a string');
  if (password !== undefined && typeof password !== 'string') throw new ToolArgumentError('"password" must be a string');
  const boundary = `----docintel-mcp-${Math.random().toString(16).slice(2)}`;
  // Quotes and line breaks would end the header early; the stored name keeps everything else.
  const safeName = filename.replace(/["\r\n]/g, '_');
  // The password part comes first: the server needs it when the PDF part arrives.
  const passwordPart =
    typeof password === 'string' ? `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n` : '';
  const head =
    `${passwordPart}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${safeName}"\r\n` +
    `Content-Type: ${(contentType ?? 'application/octet-stream').replace(/[\r\n]/g, '')}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(compact, 'base64'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}
