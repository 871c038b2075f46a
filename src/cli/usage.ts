/** The client commands' help text (printed by `docintel --help`; `docintel <command> --help` adds its own options). */
import { OPERATIONS } from './operations.ts';

export const DEFAULT_URL = 'http://localhost:8080';

const FILES = { one: 'FILE', many: 'FILE…', any: '[FILE…]' } as const;

function line(synopsis: string, summary: string): string {
  return synopsis.length < 36 ? `  ${synopsis.padEnd(36)}${summary}` : `  ${synopsis}\n  ${''.padEnd(36)}${summary}`;
}

const operationLines = OPERATIONS.map((decl) => line(`${decl.words.join(' ')} ${FILES[decl.files]}`, decl.summary));

export const CLIENT_USAGE = `client commands (talk to a running server):
${line('upload FILE…', 'upload files; prints one file id per line (--json: the FileRefs)')}
${operationLines.join('\n')}
${line('files list | files delete ID…', 'your stored files (newest first) | delete files')}
${line('jobs list | wait ID | cancel ID…', 'your jobs (--status, --operation) | wait for one | cancel')}

  FILE is a local path (uploaded first; sent inside the request with --inline) or the id of an uploaded file.
  Processing commands run as a job and wait for it (progress on stderr); --sync answers inline, --async prints
  the job id at once; --json prints the whole result body; --page-range 1-3,7 keeps only those pages.
  \`docintel COMMAND --help\` lists a command's own options.
  options: --url URL (or DOCINTEL_URL, default ${DEFAULT_URL}), --key KEY (or DOCINTEL_API_KEY),
           --progress (progress bar on stderr even when it is not a terminal), --timeout SECONDS

exit codes: 0 success, 1 job failed or API error, 2 usage error, 3 cannot connect, 4 authentication (401/403)`;
