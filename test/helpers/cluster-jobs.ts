/**
 * The documents, requests and checks of the cluster test (test/cluster.test.ts): every job gets a document of its
 * own carrying a unique token, so a result that went to the wrong job, or came from a cache, cannot pass. Also a
 * log of the job events every worker publishes on NATS, to count how often each job completed.
 */
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { JobRecord, JobRef } from '../../src/jobs/ports.ts';
import { NatsMetadataStore } from '../../src/storage/nats-metadata.ts';
import type { Collection } from '../../src/storage/ports.ts';
import { helveticaPdf, pdfText } from './pdf.ts';
import { textImage } from './ocr-images.ts';

export type JobKind = 'parse-pdf' | 'ocr-scan' | 'parse-scan';

export interface PlannedJob {
  index: number;
  kind: JobKind;
  filename: string;
  bytes: Buffer;
  contentType: string;
  /** Text the result must hold (unique to this job). */
  token: string;
  pages: number;
  url: string;
}

/** A born-digital PDF of `pages` pages, each naming the job's token. */
function tokenPdf(token: string, pages: number): Buffer {
  return helveticaPdf(
    Array.from({ length: pages }, (_, p) =>
      [
        `BT /F2 16 Tf 72 720 Td (${pdfText(`Cluster report ${token}`)}) Tj ET`,
        `BT /F1 11 Tf 72 690 Td (${pdfText(`Page ${p + 1} of ${pages} for reference ${token}.`)}) Tj ET`,
        `BT /F1 11 Tf 72 672 Td (${pdfText('Shipments left the northern warehouse on schedule.')}) Tj ET`,
      ].join('\n'),
    ),
  );
}

/**
 * `count` jobs: half parse of 1- or 2-page digital PDFs (no inference), a quarter OCR of scans and a quarter parse
 * of scans (both read by the inference processes). Scans are small (2 px per point) to keep each job short.
 */
export function planJobs(count: number): PlannedJob[] {
  return Array.from({ length: count }, (_, index) => {
    const kind: JobKind = index % 2 === 0 ? 'parse-pdf' : index % 4 === 1 ? 'ocr-scan' : 'parse-scan';
    if (kind === 'parse-pdf') {
      const token = `CLU-${String(1000 + index)}-PDF`;
      const pages = 1 + (index % 3 === 0 ? 1 : 0);
      return {
        index,
        kind,
        filename: `report-${index}.pdf`,
        bytes: tokenPdf(token, pages),
        contentType: 'application/pdf',
        token,
        pages,
        url: '/api/v1/parse',
      };
    }
    // Digits read back reliably; the token is the order number.
    const token = String(20000 + index * 7);
    const png = textImage([`Order ${token} shipped`, `Total due ${index}.25 EUR`], 2).png;
    return {
      index,
      kind,
      filename: `scan-${index}.png`,
      bytes: png,
      contentType: 'image/png',
      token,
      pages: 1,
      url: kind === 'ocr-scan' ? '/v1/ocr' : '/api/v1/parse',
    };
  });
}

/** Why `result` is not the correct result of `job` (null when it is). */
export function resultProblem(job: PlannedJob, result: unknown): string | null {
  const body = result as { markdown?: string; pages?: { page_index: number; text?: string }[] };
  const pages = body.pages ?? [];
  if (pages.length !== job.pages) return `${pages.length} pages, expected ${job.pages}`;
  if (pages.some((p, i) => p.page_index !== i)) return `page indexes ${pages.map((p) => p.page_index).join(',')}`;
  const text = job.kind === 'ocr-scan' ? pages.map((p) => p.text ?? '').join('\n') : (body.markdown ?? '');
  if (!text.includes(job.token)) return `text lacks ${job.token}: ${JSON.stringify(text.slice(0, 200))}`;
  return null;
}

/** Every job event seen on NATS since start(), per job id. */
export class JobEventLog {
  private readonly byJob = new Map<string, JobRef['status'][]>();
  private sub: Subscription | null = null;
  private readonly metadata: NatsMetadataStore;

  constructor(private readonly nc: NatsConnection) {
    this.metadata = new NatsMetadataStore(nc);
  }

  static async start(natsUrl: string): Promise<JobEventLog> {
    const log = new JobEventLog(await connect({ servers: natsUrl, name: 'cluster-test-events' }));
    log.sub = log.nc.subscribe('docintel.events.jobs.>', {
      callback: (err, msg) => {
        if (err) return;
        const ref = msg.json<JobRef>();
        const list = log.byJob.get(ref.job_id) ?? [];
        list.push(ref.status);
        log.byJob.set(ref.job_id, list);
      },
    });
    await log.nc.flush();
    return log;
  }

  /** How many `status` events job `jobId` had. */
  count(jobId: string, status: JobRef['status']): number {
    return (this.byJob.get(jobId) ?? []).filter((s) => s === status).length;
  }

  finished(jobIds: string[]): number {
    return jobIds.filter((id) => this.count(id, 'completed') + this.count(id, 'failed') > 0).length;
  }

  statuses(jobId: string): JobRef['status'][] {
    return this.byJob.get(jobId) ?? [];
  }

  /** The job records as the cluster's metadata store (NATS KV) holds them (the public JobRef does not show attempts). */
  async jobRecords(jobIds: string[]): Promise<Map<string, JobRecord>> {
    const records = new Map<string, JobRecord>();
    for (const id of jobIds) {
      const record = await this.record<JobRecord>('jobs', id);
      if (record) records.set(id, record);
    }
    return records;
  }

  /** A record of the cluster's metadata store (sessions, jobs, ...). */
  async record<T>(collection: Collection, id: string): Promise<T | undefined> {
    return (await this.metadata.get<T>(collection, id))?.value;
  }

  async close(): Promise<void> {
    this.sub?.unsubscribe();
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
