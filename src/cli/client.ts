/**
 * `docintel upload|parse|…|files|jobs`: the command-line client over the SDK (src/client/mod.ts).
 *
 * Exit codes scripts can rely on: 0 success, 1 job failed or API error (HTTP 4xx/5xx other than auth, wait
 * timeout), 2 usage error, 3 cannot connect, 4 authentication (401/403).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createDocintelClient, describeDetail, DocintelApiError, DocintelConnectionError, type DocintelClient } from '../client/mod.ts';
import { COMMANDS, type CommandContext } from './commands.ts';
import { EXIT, UsageError } from './errors.ts';
import { CLIENT_USAGE, DEFAULT_URL } from './usage.ts';
import { createProgressBar } from './progress.ts';

const COMMON_OPTIONS = {
  url: { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
  progress: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

function parse(argv: string[], options: ParseArgsConfig['options']) {
  try {
    return parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    // node:util reports unknown options and missing values with ERR_PARSE_ARGS_* codes.
    throw new UsageError((err as Error).message);
  }
}

function timeoutMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout takes a positive number of seconds, not "${value}"`);
  return seconds * 1000;
}

function exitCodeFor(err: unknown): number {
  if (err instanceof UsageError) return EXIT.usage;
  if (err instanceof DocintelConnectionError) return EXIT.connection;
  if (err instanceof DocintelApiError) return err.isAuthError ? EXIT.auth : EXIT.failed;
  return EXIT.failed;
}

function messageFor(err: unknown): string {
  if (err instanceof UsageError) return `${err.message}\n(docintel --help lists the commands and options)`;
  if (err instanceof DocintelApiError) {
    const hint = err.isAuthError ? ' (check DOCINTEL_API_KEY or --key)' : '';
    return `API error ${err.status}: ${describeDetail(err.detail)}${hint}`;
  }
  if (err instanceof DocintelConnectionError) return `${err.message} (is the server running? set DOCINTEL_URL or --url)`;
  return (err as Error)?.message ?? String(err);
}

/** Runs one client command; resolves with the process exit code (errors are printed, not thrown). */
/** The commands this module runs (src/cli.ts loads it only for these). */
export const CLIENT_COMMAND_NAMES = Object.keys(COMMANDS);

export async function runClientCommand(command: string, argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const spec = COMMANDS[command];
  try {
    if (!spec) throw new UsageError(`unknown command "${command}"`);
    const { values, positionals } = parse(argv, spec.options);
    if (values.help) {
      process.stdout.write(`${spec.usage?.() ?? CLIENT_USAGE}\n`);
      return EXIT.ok;
    }
    const client: DocintelClient = createDocintelClient({
      baseUrl: String(values.url ?? env.DOCINTEL_URL ?? DEFAULT_URL),
      apiKey: (values.key as string | undefined) ?? env.DOCINTEL_API_KEY,
    });
    const progress = createProgressBar(process.stderr, Boolean(values.progress) || Boolean(process.stderr.isTTY));
    const context: CommandContext = {
      client,
      values,
      positionals,
      progress,
      timeoutMs: timeoutMs(values.timeout as string | undefined),
      out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
      note: (text) => process.stderr.write(`${text}\n`),
    };
    try {
      return await spec.run(context);
    } finally {
      progress.done();
    }
  } catch (err) {
    process.stderr.write(`docintel ${command}: ${messageFor(err)}\n`);
    return exitCodeFor(err);
  }
}
