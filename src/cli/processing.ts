/**
 * One command per processing operation, built from its declaration (operations.ts): options → request members,
 * FILE arguments → `input`/`inputs`, then the call in the chosen mode:
 *   default   async job, followed to its result (progress on stderr)
 *   --sync    answered inline within the server's sync budget
 *   --async   the JobRef printed at once (follow it with `docintel jobs wait`)
 */
import { readFile } from 'node:fs/promises';
import type { ParseArgsConfig } from 'node:util';
import type { JobRef } from '../client/mod.ts';
import type { CommandContext, CommandSpec } from './command-spec.ts';
import { EXIT, JobFailedError, UsageError } from './errors.ts';
import { resolveInputs } from './inputs.ts';
import type { OperationDecl, OptionDecl } from './operations.ts';
import { asJson } from './render.ts';

/** Options every processing command takes besides the common ones. */
const MODE_OPTIONS = {
  sync: { type: 'boolean' },
  async: { type: 'boolean' },
  wait: { type: 'boolean' },
  inline: { type: 'boolean' },
  password: { type: 'string' },
  'page-range': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

async function readJsonFile(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UsageError(`cannot read ${file}`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`${file} is not JSON`);
  }
}

async function memberValue(option: OptionDecl, value: string): Promise<unknown> {
  if (option.choices && !option.choices.includes(value)) {
    throw new UsageError(`--${option.flag} takes ${option.choices.join(', ')}, not "${value}"`);
  }
  if (option.kind !== 'json-file') return value;
  const parsed = await readJsonFile(value);
  if (option.member === 'schema' && (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw new UsageError(`the schema file ${value} is not a JSON object`);
  }
  return parsed;
}

/** The request members the command's own options set. */
async function optionMembers(decl: OperationDecl, values: CommandContext['values']): Promise<Record<string, unknown>> {
  const members: Record<string, unknown> = {};
  for (const option of decl.options) {
    const value = values[option.flag];
    if (typeof value !== 'string' || option.kind === 'output') continue;
    members[option.member] = await memberValue(option, value);
  }
  if (typeof values['page-range'] === 'string') {
    if (decl.pageRange === false) throw new UsageError('takes no --page-range');
    members.page_range = values['page-range'];
  }
  if (decl.requireOneOf && !decl.requireOneOf.some((member) => members[member] !== undefined)) {
    const flags = decl.options.filter((o) => decl.requireOneOf?.includes(o.member)).map((o) => `--${o.flag}`);
    throw new UsageError(`expects ${flags.join(' or ')}`);
  }
  return members;
}

async function inputMembers(decl: OperationDecl, ctx: CommandContext, files: string[]): Promise<Record<string, unknown>> {
  const options = { inline: Boolean(ctx.values.inline), password: ctx.values.password as string | undefined };
  if (decl.files === 'one') {
    if (files.length !== 1) throw new UsageError(`expects exactly one FILE, got ${files.length}`);
    return { input: (await resolveInputs(ctx.client, files, options))[0] };
  }
  if (decl.files === 'many' && files.length === 0) throw new UsageError('expects at least one FILE');
  if (decl.files === 'any' && options.inline) throw new UsageError('takes stored files only; leave out --inline');
  if (files.length === 0) return {};
  return { inputs: await resolveInputs(ctx.client, files, options) };
}

type Mode = 'sync' | 'async' | 'wait';

function modeOf(decl: OperationDecl, values: CommandContext['values']): Mode {
  if (values.sync && values.async) throw new UsageError('--sync and --async exclude each other');
  if (decl.syncOnly && values.async) throw new UsageError('runs only in sync mode; leave out --async');
  if (values.sync || decl.syncOnly) return 'sync';
  return values.async && !values.wait ? 'async' : 'wait';
}

function isJobRef(body: unknown): body is JobRef {
  return Boolean(body) && typeof body === 'object' && 'job_id' in (body as object) && 'status' in (body as object);
}

/** A processing call's body: the sync result as is, or the async job followed to its result. */
async function settle(ctx: CommandContext, body: unknown): Promise<unknown> {
  if (!isJobRef(body)) return body;
  const job = await ctx.client.waitForJob(body.job_id, { onProgress: (j) => ctx.progress.update(j), timeoutMs: ctx.timeoutMs });
  ctx.progress.done();
  if (job.status === 'failed') throw new JobFailedError(job);
  return ctx.client.result(job.job_id);
}

/** The positionals after the command's own words (`schema auto FILE…`). */
function filesAfterWords(decl: OperationDecl, positionals: string[]): string[] {
  const words = decl.words.slice(1);
  const given = positionals.slice(0, words.length);
  if (given.join(' ') !== words.join(' ')) throw new UsageError(`usage: docintel ${decl.words.join(' ')} …`);
  return positionals.slice(words.length);
}

function wantsJson(decl: OperationDecl, values: CommandContext['values']): boolean {
  const output = decl.options.find((o) => o.kind === 'output');
  if (output && typeof values[output.flag] === 'string') {
    const value = values[output.flag] as string;
    if (!output.choices?.includes(value)) throw new UsageError(`--${output.flag} takes ${output.choices?.join(' or ')}, not "${value}"`);
    return value === 'json';
  }
  return Boolean(values.json);
}

async function run(decl: OperationDecl, ctx: CommandContext): Promise<number> {
  const files = filesAfterWords(decl, ctx.positionals);
  const mode = modeOf(decl, ctx.values);
  const asJsonOutput = wantsJson(decl, ctx.values);
  const members = await optionMembers(decl, ctx.values);
  const alternate = decl.alternate && ctx.values[decl.alternate.flag] ? decl.alternate.route : undefined;
  const body = { ...members, ...(await inputMembers(decl, ctx, files)), execution_mode: mode === 'sync' ? 'sync' : 'async' };
  const answer = await ctx.client.send('POST', alternate ?? decl.route, { body });
  if (mode === 'async') {
    ctx.out(asJsonOutput ? json(answer) : (answer as JobRef).job_id);
    return EXIT.ok;
  }
  const result = await settle(ctx, answer);
  ctx.out(asJsonOutput ? asJson(result) : decl.human(result as never, ctx.note));
  return EXIT.ok;
}

function parseOptions(decl: OperationDecl): ParseArgsConfig['options'] {
  const options: NonNullable<ParseArgsConfig['options']> = { ...MODE_OPTIONS };
  for (const option of decl.options) options[option.flag] = { type: 'string', ...(option.short ? { short: option.short } : {}) };
  if (decl.alternate) options[decl.alternate.flag] = { type: 'boolean' };
  return options;
}

export function processingCommand(decl: OperationDecl): CommandSpec {
  return { options: parseOptions(decl), run: (ctx) => run(decl, ctx), usage: () => operationUsage(decl) };
}

/** One command's help: its synopsis, what it prints and its own options. */
export function operationUsage(decl: OperationDecl): string {
  const files = { one: 'FILE', many: 'FILE…', any: '[FILE…]' }[decl.files];
  const lines = [`usage: docintel ${decl.words.join(' ')} ${files} [options]`, `  ${decl.summary}`, ''];
  for (const option of decl.options) {
    const arg = option.choices ? option.choices.join('|') : (option.arg ?? 'VALUE');
    const flag = `${option.short ? `-${option.short}, ` : ''}--${option.flag} ${arg}`;
    lines.push(`  ${flag.padEnd(36)}${option.help}`);
  }
  if (decl.alternate) lines.push(`  ${`--${decl.alternate.flag}`.padEnd(36)}${decl.alternate.help}`);
  if (decl.pageRange !== false) lines.push(`  ${'--page-range PAGES'.padEnd(36)}only these pages, e.g. 1-3,7`);
  if (decl.files !== 'any') lines.push(`  ${'--inline'.padEnd(36)}send local files inside the request instead of uploading them`);
  lines.push(`  ${'--password PASSWORD'.padEnd(36)}opens encrypted PDFs among the local files (not stored)`);
  lines.push(
    decl.syncOnly
      ? '  runs in sync mode only'
      : `  ${'--sync | --async [--wait]'.padEnd(36)}answer inline | print the job id at once (default: run as a job and wait)`,
  );
  lines.push(`  ${'--json'.padEnd(36)}the whole result body as JSON`);
  return lines.join('\n');
}
