/**
 * The client commands themselves: each reads its arguments, calls the API through the SDK and writes the
 * result to stdout (progress and errors go to stderr). Exit codes: see errors.ts.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { AskResult, DocintelClient, ExtractResult, JobRef, ParseResult } from '../client/mod.ts';
import { EXIT, JobFailedError, UsageError } from './errors.ts';
import type { ProgressBar } from './progress.ts';

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;
type InputSource = { file_id: string };

export interface CommandContext {
  client: DocintelClient;
  values: Values;
  positionals: string[];
  progress: ProgressBar;
  timeoutMs: number | undefined;
  out(text: string): void;
}

export interface CommandSpec {
  options: ParseArgsConfig['options'];
  run(context: CommandContext): Promise<number>;
}

const FILE_ID = /^file_[0-9A-Za-z]+$/;

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

async function isFile(candidate: string): Promise<boolean> {
  return (await stat(candidate).catch(() => null))?.isFile() ?? false;
}

/** Uploads the local paths among `args` (in one request) and passes file ids through, keeping the order. */
async function resolveInputs(client: DocintelClient, args: string[]): Promise<InputSource[]> {
  const kinds = await Promise.all(args.map(async (arg) => {
    if (await isFile(arg)) return 'path';
    if (FILE_ID.test(arg)) return 'id';
    throw new UsageError(`no such file: ${arg}`);
  }));
  const paths = args.filter((_, i) => kinds[i] === 'path');
  const uploaded = paths.length > 0 ? await uploadPaths(client, paths) : [];
  let next = 0;
  return args.map((arg, i) => ({ file_id: kinds[i] === 'path' ? uploaded[next++].file_id : arg }));
}

async function uploadPaths(client: DocintelClient, paths: string[]) {
  const files = await Promise.all(paths.map(async (p) => ({ name: path.basename(p), data: await readFile(p) })));
  return client.upload(files);
}

function isJobRef(body: object): body is JobRef {
  return 'job_id' in body && 'status' in body && 'operation' in body;
}

/** A processing call's body: the sync result as is, or the async job followed to its result. */
async function settle<R extends object>(ctx: CommandContext, body: R | JobRef): Promise<R> {
  if (!isJobRef(body)) return body;
  const job = await ctx.client.waitForJob(body.job_id, { onProgress: (j) => ctx.progress.update(j), timeoutMs: ctx.timeoutMs });
  ctx.progress.done();
  if (job.status === 'failed') throw new JobFailedError(job);
  return ctx.client.result<R>(job.job_id);
}

function mode(ctx: CommandContext): 'sync' | 'async' {
  return ctx.values.sync ? 'sync' : 'async';
}

function exactlyOne(ctx: CommandContext, what: string): string {
  if (ctx.positionals.length !== 1) throw new UsageError(`expects exactly one ${what}, got ${ctx.positionals.length}`);
  return ctx.positionals[0];
}

async function upload(ctx: CommandContext): Promise<number> {
  if (ctx.positionals.length === 0) throw new UsageError('expects at least one FILE');
  for (const p of ctx.positionals) if (!(await isFile(p))) throw new UsageError(`no such file: ${p}`);
  const files = await uploadPaths(ctx.client, ctx.positionals);
  ctx.out(ctx.values.json ? json({ files }) : files.map((f) => f.file_id).join('\n'));
  return EXIT.ok;
}

async function parse(ctx: CommandContext): Promise<number> {
  const out = ctx.values.out ?? 'md';
  if (out !== 'md' && out !== 'json') throw new UsageError(`--out takes md or json, not "${String(out)}"`);
  const [input] = await resolveInputs(ctx.client, [exactlyOne(ctx, 'FILE')]);
  const body = await ctx.client.ok(ctx.client.POST('/api/v1/parse', { body: { input, execution_mode: mode(ctx) } }));
  const result = await settle<ParseResult>(ctx, body);
  ctx.out(out === 'md' ? result.markdown : json(result));
  return EXIT.ok;
}

async function readSchema(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UsageError(`cannot read the schema file ${file}`);
  });
  try {
    const schema = JSON.parse(text) as unknown;
    if (schema && typeof schema === 'object' && !Array.isArray(schema)) return schema as Record<string, unknown>;
  } catch {
    // Reported below, like any other non-object.
  }
  throw new UsageError(`the schema file ${file} is not a JSON object`);
}

async function extract(ctx: CommandContext): Promise<number> {
  const schemaFile = ctx.values.schema;
  if (typeof schemaFile !== 'string') throw new UsageError('expects --schema FILE.json');
  const schema = await readSchema(schemaFile);
  const [input] = await resolveInputs(ctx.client, [exactlyOne(ctx, 'FILE')]);
  const body = await ctx.client.ok(ctx.client.POST('/v1/extract', { body: { input, schema, execution_mode: mode(ctx) } }));
  ctx.out(json(await settle<ExtractResult>(ctx, body)));
  return EXIT.ok;
}

async function ask(ctx: CommandContext): Promise<number> {
  const query = ctx.values.query;
  if (typeof query !== 'string' || query.trim() === '') throw new UsageError('expects a question: -q "…"');
  if (ctx.positionals.length === 0) throw new UsageError('expects at least one FILE');
  const inputs = await resolveInputs(ctx.client, ctx.positionals);
  const body = await ctx.client.ok(ctx.client.POST('/api/v1/ask', { body: { inputs, query, execution_mode: mode(ctx) } }));
  const result = await settle<AskResult>(ctx, body);
  ctx.out(ctx.values.json ? json(result) : result.answer);
  return EXIT.ok;
}

async function jobs(ctx: CommandContext): Promise<number> {
  const [action, jobId, ...extra] = ctx.positionals;
  if (action !== 'wait' || !jobId || extra.length > 0) throw new UsageError('usage: docintel jobs wait JOB_ID');
  const job = await ctx.client.waitForJob(jobId, { onProgress: (j) => ctx.progress.update(j), timeoutMs: ctx.timeoutMs });
  ctx.progress.done();
  ctx.out(json(job));
  if (job.status === 'failed') throw new JobFailedError(job);
  return EXIT.ok;
}

export const COMMANDS: Record<string, CommandSpec> = {
  upload: { options: {}, run: upload },
  parse: { options: { out: { type: 'string', short: 'o' }, sync: { type: 'boolean' } }, run: parse },
  extract: { options: { schema: { type: 'string', short: 's' }, sync: { type: 'boolean' } }, run: extract },
  ask: { options: { query: { type: 'string', short: 'q' }, sync: { type: 'boolean' } }, run: ask },
  jobs: { options: {}, run: jobs },
};
