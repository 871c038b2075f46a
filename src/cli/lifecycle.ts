/**
 * `docintel files list|delete` and `docintel jobs list|wait|cancel`: the caller's stored files and jobs.
 * Lists print one line per item (newest first) and, when there is more, the next page's cursor on stderr;
 * --all follows the cursors to the end; --json prints the page bodies as the API returns them.
 */
import type { FilePage, JobPage, JobRef } from '../client/mod.ts';
import type { CommandContext, CommandSpec } from './command-spec.ts';
import { EXIT, JobFailedError, UsageError } from './errors.ts';

const FILES_USAGE = `usage: docintel files list [--limit N] [--cursor C] [--all] [--json]
       docintel files delete FILE_ID…`;

const JOBS_USAGE = `usage: docintel jobs list [--status S] [--operation OP] [--limit N] [--cursor C] [--all] [--json]
       docintel jobs wait JOB_ID [--timeout S]
       docintel jobs cancel JOB_ID… [--json]`;

const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function limitOf(values: CommandContext['values']): number | undefined {
  const text = values.limit;
  if (text === undefined) return undefined;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    throw new UsageError(`--limit takes a whole number from 1 to 200, not "${String(text)}"`);
  return limit;
}

function when(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Fetches one page, or every page with --all; prints as it goes so a long listing starts at once. */
async function listPages<P extends { next_cursor: string | null }>(
  ctx: CommandContext,
  fetchPage: (cursor: string | undefined) => Promise<P>,
  lines: (page: P) => string[],
): Promise<number> {
  let cursor = typeof ctx.values.cursor === 'string' ? ctx.values.cursor : undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    if (ctx.values.json) ctx.out(json(page));
    else if (lines(page).length > 0) ctx.out(lines(page).join('\n'));
    cursor = page.next_cursor ?? undefined;
    if (!cursor) return EXIT.ok;
    if (!ctx.values.all) {
      ctx.note(`more: --cursor ${cursor}`);
      return EXIT.ok;
    }
  }
}

async function files(ctx: CommandContext): Promise<number> {
  const [action, ...ids] = ctx.positionals;
  if (action === 'list' && ids.length === 0) {
    const limit = limitOf(ctx.values);
    return listPages<FilePage>(
      ctx,
      (cursor) => ctx.client.listFiles({ limit, cursor }),
      (page) => page.files.map((f) => [f.file_id, when(f.created_at), `${f.page_count ?? 1}p`, `${f.size_bytes}B`, f.filename].join('\t')),
    );
  }
  if (action === 'delete' && ids.length > 0) {
    for (const id of ids) {
      await ctx.client.deleteFile(id);
      ctx.out(`deleted ${id}`);
    }
    return EXIT.ok;
  }
  throw new UsageError(FILES_USAGE);
}

function jobLine(job: JobRef): string {
  const error = job.error ? `\t${job.error.msg ?? job.error.type ?? ''}` : '';
  return [job.job_id, job.status, job.operation, when(job.created_at)].join('\t') + error;
}

async function waitJob(ctx: CommandContext, jobId: string): Promise<number> {
  const job = await ctx.client.waitForJob(jobId, { onProgress: (j) => ctx.progress.update(j), timeoutMs: ctx.timeoutMs });
  ctx.progress.done();
  ctx.out(json(job));
  if (job.status === 'failed') throw new JobFailedError(job);
  return EXIT.ok;
}

async function listJobs(ctx: CommandContext): Promise<number> {
  const status = ctx.values.status;
  if (status !== undefined && !(JOB_STATUSES as readonly unknown[]).includes(status)) {
    throw new UsageError(`--status takes ${JOB_STATUSES.join(', ')}, not "${String(status)}"`);
  }
  const operation = typeof ctx.values.operation === 'string' ? ctx.values.operation : undefined;
  const limit = limitOf(ctx.values);
  return listPages<JobPage>(
    ctx,
    (cursor) => ctx.client.listJobs({ limit, cursor, operation, status: status as JobRef['status'] | undefined }),
    (page) => page.jobs.map(jobLine),
  );
}

async function jobs(ctx: CommandContext): Promise<number> {
  const [action, ...ids] = ctx.positionals;
  if (action === 'wait' && ids.length === 1) return waitJob(ctx, ids[0]);
  if (action === 'list' && ids.length === 0) return listJobs(ctx);
  if (action === 'cancel' && ids.length > 0) {
    for (const id of ids) {
      const job = await ctx.client.cancelJob(id);
      ctx.out(ctx.values.json ? json(job) : jobLine(job));
    }
    return EXIT.ok;
  }
  throw new UsageError(JOBS_USAGE);
}

const LIST_OPTIONS = { limit: { type: 'string' }, cursor: { type: 'string' }, all: { type: 'boolean' } } as const;

export const LIFECYCLE_COMMANDS: Record<string, CommandSpec> = {
  files: { options: LIST_OPTIONS, run: files, usage: () => FILES_USAGE },
  jobs: { options: { ...LIST_OPTIONS, status: { type: 'string' }, operation: { type: 'string' } }, run: jobs, usage: () => JOBS_USAGE },
};
