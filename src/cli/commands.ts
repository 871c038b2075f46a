/**
 * The client commands: `upload`, one command per processing operation (declared in operations.ts, built by
 * processing.ts), and the file and job lifecycle (lifecycle.ts). Each reads its arguments, calls the API through
 * the SDK and writes the result to stdout (progress, notes and errors go to stderr). Exit codes: see errors.ts.
 */
import type { CommandContext, CommandSpec } from './command-spec.ts';
import { EXIT, UsageError } from './errors.ts';
import { isFile, uploadPaths } from './inputs.ts';
import { LIFECYCLE_COMMANDS } from './lifecycle.ts';
import { OPERATIONS } from './operations.ts';
import { processingCommand } from './processing.ts';

export type { CommandContext, CommandSpec } from './command-spec.ts';

async function upload(ctx: CommandContext): Promise<number> {
  if (ctx.positionals.length === 0) throw new UsageError('expects at least one FILE');
  for (const p of ctx.positionals) if (!(await isFile(p))) throw new UsageError(`no such file: ${p}`);
  const files = await uploadPaths(ctx.client, ctx.positionals, ctx.values.password as string | undefined);
  ctx.out(ctx.values.json ? JSON.stringify({ files }, null, 2) : files.map((f) => f.file_id).join('\n'));
  return EXIT.ok;
}

export const COMMANDS: Record<string, CommandSpec> = {
  upload: {
    options: { password: { type: 'string' } },
    run: upload,
    usage: () => 'usage: docintel upload FILE… [--password PASSWORD] [--json]',
  },
  ...Object.fromEntries(OPERATIONS.map((decl) => [decl.words[0], processingCommand(decl)])),
  ...LIFECYCLE_COMMANDS,
};
