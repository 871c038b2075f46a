import { longPdf, uniquePdf, type LoadDocuments } from './documents.ts';
import type { LoadService } from './serve.ts';

/**
 * The overload step's size. To show what the sync admission bound is for, the clients' work together must take
 * well past the client deadline (without the bound, late requests time out) while the bound's worth of jobs
 * (DOCINTEL_MAX_QUEUED_JOBS, 32 by default, with twice as many clients) fits in it. Machine speed (and the
 * other work on a shared machine) moves that window, so unless a page count is given, one sync parse of a probe
 * document on the otherwise idle service measures pages/s, and the document is sized from it.
 */
export interface OverloadPlan {
  clients: number;
  pages: number;
  /** Pages/s of one uncontended sync parse of the probe; null when the page count was given. */
  probePagesPerSecond: number | null;
}

const PROBE_PAGES = 48;
/** All clients' work, in client deadlines. */
const TARGET_DEADLINES = 2;
/** What the service's worker slots (2 by default, on the same cores) gain over one job at a time: a guess. */
const PARALLEL_GAIN = 1.5;
const MIN_PAGES = 8;
const MAX_PAGES = 1500;

async function timedSyncParse(service: LoadService, pdf: Buffer): Promise<number> {
  const { target } = service.tenants[0];
  const started = performance.now();
  const res = await fetch(`${target.base}/api/v1/parse`, {
    method: 'POST',
    headers: { ...target.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ input: { pdf_base64: uniquePdf(pdf).toString('base64'), filename: 'probe.pdf' }, execution_mode: 'sync' }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`overload probe parse answered ${res.status}`);
  return (performance.now() - started) / 1000;
}

/** Sizes the document (`pages` given, or measured) and stores it in `docs.heavy`. */
export async function planOverload(
  service: LoadService,
  docs: LoadDocuments,
  clients: number,
  deadlineMs: number,
  pages: number | null,
): Promise<OverloadPlan> {
  let probePagesPerSecond: number | null = null;
  if (pages === null) {
    const probe = longPdf(PROBE_PAGES);
    const seconds = Math.min(await timedSyncParse(service, probe), await timedSyncParse(service, probe));
    probePagesPerSecond = PROBE_PAGES / seconds;
    const wanted = (TARGET_DEADLINES * (deadlineMs / 1000) * PARALLEL_GAIN * probePagesPerSecond) / clients;
    pages = Math.min(MAX_PAGES, Math.max(MIN_PAGES, Math.ceil(wanted)));
  }
  docs.heavy = { pdf: longPdf(pages), pages };
  return { clients, pages, probePagesPerSecond };
}
