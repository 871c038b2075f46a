import type { DocumentModel, ModelPage } from '../model/types.ts';
import { selectedPages } from '../model/pages.ts';
import type { PageGraphics } from './graphics-markdown.ts';
import {
  buildPageParseView,
  joinParseView,
  type PageParseView,
  type PageTables,
  pageTables,
  type ParseResult,
  type ParseViewContext,
} from './parse-view.ts';

/**
 * The parse view built beside the graphics stage. That stage runs on the document pool while this thread would
 * wait; most pages cannot show any graphics (no formula or chart candidates), and a page's part of the view
 * depends only on its own graphics, so their parts are built in that wait; so are the tables of the other pages
 * (the costliest part of a view, and independent of graphics). Pages that may show graphics are built once the
 * graphics are in. The result equals `buildParseView` with the finished graphics (a test keeps it so).
 */

/** Main-thread work between turns of the event loop: the pool's next tasks are posted without delay. */
const SLICE_MS = 5;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function buildParseViewAlongside(
  model: DocumentModel,
  ctx: Omit<ParseViewContext, 'graphics'>,
  graphics: Promise<(PageGraphics | null)[] | null>,
  mayShowGraphics: (page: ModelPage) => boolean,
  signal?: AbortSignal,
): Promise<ParseResult> {
  const pages = selectedPages(model);
  let settled = false;
  const done = graphics.then(
    (value) => {
      settled = true;
      return value;
    },
    (err: unknown) => {
      settled = true;
      throw err;
    },
  );
  done.catch(() => undefined); // rejected while this thread is between slices: awaited (and thrown) below
  // A page without graphics candidates has none in the finished graphics either: built with none, its part is the same.
  const withoutGraphics: ParseViewContext = { ...ctx, graphics: null };
  const early = new Map<ModelPage, PageParseView>();
  const tables = new Map<ModelPage, PageTables>();
  // Pages without graphics first (whole parts), then the tables of the others, until the graphics are in.
  const showing = new Set(pages.filter(mayShowGraphics));
  const work = [...pages.filter((p) => !showing.has(p)), ...showing];
  let sliceStart = performance.now();
  for (const page of work) {
    if (settled) break;
    if (showing.has(page)) tables.set(page, pageTables(page));
    else early.set(page, buildPageParseView(model, withoutGraphics, page));
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  const full: ParseViewContext = { ...ctx, graphics: await done };
  return joinParseView(
    model,
    full,
    pages.map((page) => early.get(page) ?? buildPageParseView(model, full, page, tables.get(page))),
  );
}
