/**
 * Compact MCP answers: a big result (an 18-page parse is well over 100 KB of JSON) would fill an agent's context,
 * so the windowed tools answer by default with a summary line and a window of pages (at most `max_pages` pages
 * and `max_chars` characters), plus a `next_cursor`. Calling the tool again with that cursor returns the next
 * window of the same result: the cursor names the finished job, whose result is read again instead of running
 * the operation a second time (a sync call, which has no job, runs again). `format: "json"` answers the whole
 * result body as the HTTP API returns it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolArgumentError } from './http-request.ts';
import type { PageView } from './page-views.ts';

export const DEFAULT_MAX_CHARS = 12_000;
export const DEFAULT_MAX_PAGES = 5;

/** The MCP-only arguments of a windowed tool (never forwarded to the route). */
export const WINDOW_ARGUMENTS = {
  format: {
    type: 'string',
    enum: ['compact', 'json'],
    default: 'compact',
    description:
      'compact (default): a summary and a window of pages as text, with next_cursor for more; json: the whole result body (can be very large)',
  },
  max_chars: {
    type: 'integer',
    minimum: 1000,
    maximum: 100_000,
    default: DEFAULT_MAX_CHARS,
    description: 'Most characters of page text in one compact answer',
  },
  max_pages: { type: 'integer', minimum: 1, maximum: 100, default: DEFAULT_MAX_PAGES, description: 'Most pages in one compact answer' },
  cursor: {
    type: 'string',
    description:
      'The next_cursor of a previous compact answer of this tool: returns the next window of the same result without processing again (pass the same input)',
  },
} as const;

export const WINDOW_NOTE =
  'Answers are compact by default: a summary and the first pages (see max_pages, max_chars); ' +
  'call again with the returned `cursor` for the next pages, or pass `format: "json"` for the whole result body.';

export interface Position {
  /** Index into the view's pages. */
  page: number;
  /** Characters of that page already shown. */
  offset: number;
}

interface Cursor extends Position {
  tool: string;
  /** The job whose result is windowed; absent for a sync call. */
  job_id?: string;
}

export interface WindowRequest {
  format: 'compact' | 'json';
  maxChars: number;
  maxPages: number;
  cursor?: Cursor;
}

function integerArg(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ToolArgumentError(`"${name}" must be a whole number from ${min} to ${max}`);
  }
  return value;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: unknown, tool: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(String(text), 'base64url').toString('utf8')) as Cursor;
    const valid =
      cursor.tool === tool &&
      Number.isInteger(cursor.page) &&
      cursor.page >= 0 &&
      Number.isInteger(cursor.offset) &&
      cursor.offset >= 0 &&
      (cursor.job_id === undefined || typeof cursor.job_id === 'string');
    if (valid) return cursor;
  } catch {
    // Reported below.
  }
  throw new ToolArgumentError(`"cursor" is not a cursor of this tool; pass the next_cursor of a previous ${tool} answer`);
}

/** Separates the window arguments from the route's own. */
export function windowArguments(tool: string, args: Record<string, unknown>): { window: WindowRequest; rest: Record<string, unknown> } {
  const { format, max_chars: maxChars, max_pages: maxPages, cursor, ...rest } = args;
  if (format !== undefined && format !== 'compact' && format !== 'json')
    throw new ToolArgumentError('"format" must be "compact" or "json"');
  return {
    window: {
      format: format === 'json' ? 'json' : 'compact',
      maxChars: integerArg(maxChars, 'max_chars', 1000, 100_000, DEFAULT_MAX_CHARS),
      maxPages: integerArg(maxPages, 'max_pages', 1, 100, DEFAULT_MAX_PAGES),
      cursor: cursor === undefined || cursor === null || cursor === '' ? undefined : decodeCursor(cursor, tool),
    },
    rest,
  };
}

/** Where a cut inside a page falls: the last line break in the second half of the budget, else the budget. */
function cutAt(text: string, budget: number): number {
  const newline = text.lastIndexOf('\n', budget);
  return newline > budget / 2 ? newline + 1 : budget;
}

interface Shown {
  page_index: number;
  text: string;
  continued: boolean;
  complete: boolean;
}

function takeWindow(view: PageView, start: Position, window: WindowRequest): { shown: Shown[]; next: Position | null } {
  const shown: Shown[] = [];
  let budget = window.maxChars;
  let { page, offset } = start;
  while (page < view.pages.length && shown.length < window.maxPages && budget > 0) {
    const rest = view.pages[page].text.slice(offset);
    const length = rest.length <= budget ? rest.length : cutAt(rest, budget);
    shown.push({
      page_index: view.pages[page].page_index,
      text: rest.slice(0, length),
      continued: offset > 0,
      complete: length === rest.length,
    });
    budget -= length;
    if (length < rest.length) {
      // A page cut short ends the window (the cut may leave some budget: it falls at a line break).
      offset += length;
      break;
    }
    page += 1;
    offset = 0;
  }
  return { shown, next: page < view.pages.length ? { page, offset } : null };
}

function pageHeading(shown: Shown): string {
  const notes = [shown.continued ? 'continued' : '', shown.complete ? '' : 'continues in the next answer'].filter(Boolean);
  return `<!-- page ${shown.page_index + 1}${notes.length > 0 ? ` (${notes.join('; ')})` : ''} -->`;
}

/** One compact answer: the summary, the window's pages and how to get the next window. */
export function windowResult(
  tool: { name: string; mcpName: string },
  view: PageView,
  window: WindowRequest,
  jobId: string | undefined,
): CallToolResult {
  const start: Position = window.cursor ?? { page: 0, offset: 0 };
  const { shown, next } = takeWindow(view, start, window);
  const first = shown[0]?.page_index;
  const last = shown.at(-1)?.page_index;
  const range = first === undefined ? 'no pages' : first === last ? `page ${first + 1}` : `pages ${first + 1}-${(last ?? first) + 1}`;
  const nextCursor = next ? encodeCursor({ tool: tool.name, ...(jobId ? { job_id: jobId } : {}), ...next }) : null;
  const lines = [
    `${view.summary}. This answer: ${range} of ${view.pages.length} (compact; format "json" returns the whole result).`,
    ...shown.flatMap((s) => ['', pageHeading(s), s.text]),
    '',
    nextCursor
      ? `More: call ${tool.mcpName} again with {"cursor": "${nextCursor}"} for the next pages (from page ${view.pages[next?.page ?? 0].page_index + 1}).`
      : 'End of the result.',
  ];
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: {
      summary: view.summary,
      window: {
        first_page: first === undefined ? null : first + 1,
        last_page: last === undefined ? null : last + 1,
        page_count: view.pages.length,
      },
      next_cursor: nextCursor,
      ...(jobId ? { job_id: jobId } : {}),
    },
  };
}
