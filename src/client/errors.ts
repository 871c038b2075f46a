/**
 * Errors the SDK throws. Every one is a DocintelError; callers (the CLI's exit codes) tell them apart by class.
 */
export class DocintelError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The API answered with a non-2xx status; `detail` is the body's `detail` (a message, validation issues or an object). */
export class DocintelApiError extends DocintelError {
  readonly status: number;
  readonly detail: unknown;
  readonly requestId: string | null;

  constructor(status: number, detail: unknown, requestId: string | null = null) {
    super(`HTTP ${status}: ${describeDetail(detail)}`);
    this.status = status;
    this.detail = detail;
    this.requestId = requestId;
  }

  /** 401 or 403: the API key is missing, unknown or not allowed. */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** No HTTP answer at all: refused connection, unknown host, reset socket. */
export class DocintelConnectionError extends DocintelError {
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super(`cannot reach ${url}: ${causeMessage(cause)}`, { cause });
    this.url = url;
  }
}

/** waitForJob gave up after `timeoutMs`; the job may still finish later. */
export class DocintelTimeoutError extends DocintelError {
  readonly jobId: string;

  constructor(jobId: string, timeoutMs: number) {
    super(`job ${jobId} did not finish within ${timeoutMs} ms`);
    this.jobId = jobId;
  }
}

/** A one-line text for an error body's `detail`: FastAPI-style validation issues become `loc: msg` pairs. */
export function describeDetail(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((issue: { loc?: unknown[]; msg?: string }) => {
        const loc = Array.isArray(issue?.loc) ? issue.loc.join('.') : '';
        return loc ? `${loc}: ${issue?.msg ?? ''}` : String(issue?.msg ?? JSON.stringify(issue));
      })
      .join('; ');
  }
  return JSON.stringify(detail) ?? String(detail);
}

function causeMessage(cause: unknown): string {
  // undici puts the socket error (ECONNREFUSED, ENOTFOUND) in `cause`.
  const inner = (cause as { cause?: { code?: string; message?: string } })?.cause;
  if (inner?.code) return inner.code;
  if (inner?.message) return inner.message;
  return cause instanceof Error ? cause.message : String(cause);
}
