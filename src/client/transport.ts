/**
 * The HTTP layer under the SDK's helpers: base URL, bearer key, and fetch failures turned into typed errors.
 */
import { DocintelApiError, DocintelConnectionError } from './errors.ts';

export type FetchFunction = (input: Request) => Promise<Response>;

export interface Transport {
  baseUrl: string;
  /** fetch with connection failures as DocintelConnectionError (aborts pass through as they are). */
  fetch: FetchFunction;
  /** Headers every request carries (authorization when a key is set). */
  headers: Record<string, string>;
}

function isAbort(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

export function createTransport(baseUrl: string, apiKey: string | undefined, base: FetchFunction): Transport {
  const root = baseUrl.replace(/\/+$/, '');
  const guarded: FetchFunction = async (request) => {
    try {
      return await base(request);
    } catch (err) {
      if (isAbort(err)) throw err;
      throw new DocintelConnectionError(root, err);
    }
  };
  return { baseUrl: root, fetch: guarded, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} };
}

/** An error response's `detail` (the whole body when it is not the usual `{detail}` object). */
function detailOf(body: unknown): unknown {
  if (body && typeof body === 'object' && 'detail' in body) return (body as { detail: unknown }).detail;
  return body;
}

export function apiError(response: Response, body: unknown): DocintelApiError {
  return new DocintelApiError(response.status, detailOf(body), response.headers.get('x-request-id'));
}

/** Reads an error response's body (JSON when it parses, text otherwise) into a DocintelApiError. */
export async function apiErrorFrom(response: Response): Promise<DocintelApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || response.statusText;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the text.
  }
  return apiError(response, body);
}

/** A request to `path` (starting with /) under the base URL, with the transport's headers. */
export function request(transport: Transport, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(transport.headers)) if (!headers.has(name)) headers.set(name, value);
  return new Request(`${transport.baseUrl}${path}`, { ...init, headers });
}
