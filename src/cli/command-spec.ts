import type { ParseArgsConfig } from 'node:util';
import type { DocintelClient } from '../client/mod.ts';
import type { ProgressBar } from './progress.ts';

// What a client command is and what it gets, apart from the command table (commands.ts), so that the files that
// define commands (lifecycle.ts, processing.ts) and the table that lists them do not import each other.

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandContext {
  client: DocintelClient;
  values: Values;
  positionals: string[];
  progress: ProgressBar;
  timeoutMs: number | undefined;
  /** A result line on stdout. */
  out(text: string): void;
  /** A remark beside the result (a cursor, where something was stored) on stderr. */
  note(text: string): void;
}

export interface CommandSpec {
  options: ParseArgsConfig['options'];
  run(context: CommandContext): Promise<number>;
  /** The command's own help (`docintel <command> --help`); the client usage when absent. */
  usage?(): string;
}
