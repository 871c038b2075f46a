/** The client commands' help text (printed by `docintel --help` and `docintel <command> --help`). */
export const DEFAULT_URL = 'http://localhost:8080';

export const CLIENT_USAGE = `client commands (talk to a running server):
  upload FILE…                        upload files; prints one file id per line (--json: the FileRefs)
  parse FILE [--out md|json] [--sync] markdown (default) or the whole parse result as JSON
  extract FILE --schema s.json [--sync]
                                      fields extracted against a schema file, as JSON
  ask FILE… -q "question" [--json]    the answer text (--json: the whole answer with citations)
  jobs wait JOB_ID [--timeout S]      waits for a job; prints its final JobRef as JSON

  FILE is a local path (uploaded first) or the id of an uploaded file (file_…).
  options: --url URL (or DOCINTEL_URL, default ${DEFAULT_URL}), --key KEY (or DOCINTEL_API_KEY),
           --progress (progress bar on stderr even when it is not a terminal), --timeout SECONDS

exit codes: 0 success, 1 job failed or API error, 2 usage error, 3 cannot connect, 4 authentication (401/403)`;
