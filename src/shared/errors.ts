/**
 * Every error the service answers with, declared once: class, HTTP status and body shape.
 * Bodies follow decisions.md (FastAPI style: always a `detail` member).
 */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly detail: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: unknown, headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.name = new.target.name;
    this.status = status;
    this.detail = detail;
    this.headers = headers;
  }

  body(): Record<string, unknown> {
    return { detail: this.detail };
  }
}

/** 400: a body that cannot be parsed as its declared media type (e.g. a multipart form cut short). */
export class BadRequestError extends AppError {
  constructor(detail: string) {
    super(400, detail);
  }
}

export class NotAuthenticatedError extends AppError {
  constructor() {
    super(401, 'Not authenticated', { 'www-authenticate': 'Bearer' });
  }
}

export class InvalidApiKeyError extends AppError {
  constructor() {
    super(401, 'Invalid API key', { 'www-authenticate': 'Bearer' });
  }
}

export type EntityName = 'File' | 'Job' | 'Agent' | 'Session' | 'Page' | 'Artifact' | 'Document';

export class NotFoundError extends AppError {
  constructor(entity: EntityName) {
    super(404, `${entity} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(detail: unknown) {
    super(409, detail);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(detail: string) {
    super(413, detail);
  }
}

export class UnsupportedMediaError extends AppError {
  constructor(detail: string) {
    super(415, detail);
  }
}

/** 422 with a plain string detail (semantic problems with otherwise valid JSON, e.g. corrupt inline files). */
export class UnprocessableError extends AppError {
  constructor(detail: string) {
    super(422, detail);
  }
}

/** 422 with the FastAPI validation array. */
export class ValidationError extends AppError {
  constructor(issues: ValidationIssue[]) {
    super(422, issues);
  }
  static at(loc: (string | number)[], msg: string, type = 'value_error'): ValidationError {
    return new ValidationError([{ loc, msg, type }]);
  }
}

/** One refused file of a multi-file upload: its position among the `files` parts, its name, and why. */
export interface RefusedFile {
  index: number;
  filename: string;
  status: number;
  detail: string;
}

/**
 * An upload request in which one or more files were refused; nothing of it was stored. `detail` names every
 * refused file (`files[i] "name": reason`), `files` lists them for programs. The status is the first refused
 * file's (415 unsupported or corrupt, 413 too large).
 */
export class UploadRefusedError extends AppError {
  constructor(
    readonly refused: RefusedFile[],
    total: number,
  ) {
    super(refused[0].status, UploadRefusedError.describe(refused, total));
  }
  private static describe(refused: RefusedFile[], total: number): string {
    const each = refused.map((f) => `files[${f.index}] "${f.filename}": ${f.detail}`).join('; ');
    return total === 1 ? each : `${refused.length} of ${total} files refused, nothing was stored: ${each}`;
  }
  override body(): Record<string, unknown> {
    return { detail: this.detail, files: this.refused };
  }
}

export class RateLimitedError extends AppError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class UnavailableError extends AppError {
  /**
   * `reason` says what failed (an address, a socket error): it goes into `message`, which the logs show, and never
   * into `detail`, which clients see, so the deployment's internal addresses stay inside it.
   */
  /**
   * Whether the dependency was up but did not answer in time. Unlike an outage, the request itself may be the
   * cause (a page too heavy for the deadline), so retries of it are bounded by attempts, not only by time.
   */
  slow = false;

  constructor(detail: string, retryAfterSeconds = 5, reason?: string) {
    super(503, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
    if (reason) this.message = `${detail} (${reason})`;
  }
}

/** Error codes of a full disk: the file system (ENOSPC), a quota (EDQUOT), SQLite's own (SQLITE_FULL). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** Whether `err` says the disk (or quota) is full. */
export function isStorageFull(err: unknown): boolean {
  return STORAGE_FULL_CODES.has(String((err as { code?: unknown } | null)?.code ?? ''));
}

/**
 * 507: the data directory is full. Storage adapters throw it for ENOSPC/EDQUOT/SQLITE_FULL after leaving nothing
 * partial behind; Retry-After hints that it may work once space is freed (workers retry such jobs).
 */
export class InsufficientStorageError extends AppError {
  constructor(what = 'data', retryAfterSeconds = 10) {
    super(507, `Insufficient storage: the ${what} disk is full; nothing was stored. Retry once space is freed.`, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

export class SyncTimeoutError extends AppError {
  constructor(budgetMs: number, jobId?: string) {
    super(
      504,
      `The request did not finish within its ${Math.round(budgetMs / 1000)} s sync budget; use execution_mode async for long documents`,
      jobId ? { 'x-job-id': jobId } : {},
    );
  }
}

export class InternalError extends AppError {
  constructor(requestId: string) {
    super(500, 'Internal server error');
    this.requestId = requestId;
  }
  requestId: string;
  override body(): Record<string, unknown> {
    return { detail: this.detail, request_id: this.requestId };
  }
}

/** Errors raised by storage adapters; mapped to HTTP errors by the layers above. */
export class StoreConflictError extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
    reason: string,
  ) {
    super(`${kind}/${id}: ${reason}`);
    this.name = 'StoreConflictError';
  }
}

/** A problem with a document's bytes: wrong type, corrupt, encrypted, too many pixels. */
export class DocumentFormatError extends Error {
  constructor(
    message: string,
    readonly detectedType: string | null,
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'DocumentFormatError';
  }
}

/** Invalid configuration: the process prints one line naming the variable and exits non-zero. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}
