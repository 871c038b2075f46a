import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, UnsupportedMediaError, UploadRefusedError, ValidationError, type RefusedFile } from '../../shared/errors.ts';
import type { FileRef, LockedUpload } from '../../files/mod.ts';
import type { AppContext } from '../context.ts';
import { malformedMultipart } from '../multipart-errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { pageQuery } from '../schemas/paging.ts';

type ImageFormat = 'png' | 'jpeg' | 'webp';

const FORMAT_BY_TYPE: Record<string, ImageFormat> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/** Accept negotiation: the first listed type we render, by q-value; PNG when none is named or for wildcards. */
export function negotiateImageFormat(accept: string | undefined): ImageFormat {
  if (!accept) return 'png';
  const ranked = accept
    .split(',')
    .map((part, order) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const r of ranked) {
    if (FORMAT_BY_TYPE[r.type]) return FORMAT_BY_TYPE[r.type];
    if (r.type === '*/*' || r.type === 'image/*') return 'png';
  }
  return 'png';
}

const UPLOAD_TOOL =
  'Stores one or more documents (PDF, PNG, JPEG, WebP, TIFF, BMP, GIF; DOCX, XLSX, PPTX, HTML, Markdown and plain text are laid out into pages) and answers their FileRefs; each `file_id` can then be given to every processing tool as `input: { "file_id": "file_…" }`. Over HTTP it takes multipart/form-data with the repeated field `files`.';

/** A refused upload: nothing was stored; `files` names each refused file (its index among the parts) and why. */
const uploadRefused = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'filename', 'status', 'detail'],
        properties: { index: { type: 'integer' }, filename: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } },
      },
    },
  },
} as const;

const fileParams = {
  type: 'object',
  required: ['file_id'],
  properties: { file_id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export function filesRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.post(
      '/api/v1/upload',
      {
        config: { tool: { name: 'upload', description: UPLOAD_TOOL } },
        schema: {
          tags: ['files'],
          summary: 'Upload one or more files (multipart, repeated field `files`)',
          consumes: ['multipart/form-data'],
          body: {
            type: 'object',
            required: ['files'],
            properties: {
              files: { type: 'array', items: { type: 'string', format: 'binary' } },
              password: {
                type: 'string',
                description:
                  'Opens every encrypted PDF of this request (anywhere in the form); they are stored decrypted. Never stored or logged',
              },
            },
          },
          response: {
            200: { type: 'object', required: ['files'], properties: { files: { type: 'array', items: { $ref: 'FileRef#' } } } },
            400: { $ref: 'ErrorDetail#' },
            413: uploadRefused,
            415: uploadRefused,
            ...errorResponses,
          },
        },
        // The schema above documents the form; the stream is consumed by the handler, never buffered whole.
        validatorCompiler: () => () => true,
      },
      async (request) => ({ files: await uploadParts(ctx, request) }),
    );

    app.get<{ Querystring: { limit?: number; cursor?: string } }>(
      '/v1/files',
      {
        config: {
          tool: {
            name: 'list_files',
            description:
              'The stored files of the caller, newest first: `{ files: [FileRef], next_cursor }`. Optional `limit` (1-200, default 50) and `cursor` (the `next_cursor` of the previous page; null on the last page).',
          },
        },
        schema: {
          tags: ['files'],
          summary: 'List stored files, newest first',
          description: 'Cursor pagination: pass `next_cursor` back as `cursor` for the next page; it is null on the last page.',
          querystring: pageQuery,
          response: {
            200: {
              type: 'object',
              required: ['files', 'next_cursor'],
              properties: { files: { type: 'array', items: { $ref: 'FileRef#' } }, next_cursor: { type: ['string', 'null'] } },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const page = await ctx.files.list(request.tenant, request.query);
        return { files: page.items, next_cursor: page.nextCursor };
      },
    );

    app.delete<{ Params: { file_id: string } }>(
      '/v1/files/:file_id',
      {
        config: {
          tool: {
            name: 'delete_file',
            description:
              'Deletes a stored file with its page images, cached analyses and ask-index entries. Jobs that used it keep their results. Argument: `file_id`.',
          },
        },
        schema: {
          tags: ['files'],
          summary: 'Delete a file, its page images, cached analyses and ask-index entries',
          description: "Jobs that used the file keep their results. Another tenant's file answers 404.",
          params: fileParams,
          response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses },
        },
      },
      async (request, reply) => {
        await ctx.files.remove(request.tenant, request.params.file_id);
        return reply.code(204).send();
      },
    );

    app.get<{ Params: { file_id: string } }>(
      '/v1/files/:file_id',
      {
        config: {
          tool: {
            name: 'get_file',
            description:
              'Metadata of a stored file: its `file_id`, filename, size, content type, page count and creation time. Argument: `file_id` (from the upload tool or a processing result).',
          },
        },
        schema: {
          tags: ['files'],
          summary: 'File metadata',
          params: fileParams,
          response: { 200: { $ref: 'FileRef#' }, ...errorResponses },
        },
      },
      async (request) => ctx.files.toFileRef(await ctx.files.get(request.tenant, request.params.file_id)),
    );

    app.get<{ Params: { file_id: string; page_index: number }; Querystring: { dpi?: number } }>(
      '/v1/files/:file_id/pages/:page_index/image',
      {
        config: {
          tool: {
            name: 'page_image',
            description:
              'The rendered image of one page of a stored file (PNG), in the pixel space every bbox of the other tools uses. Arguments: `file_id`, `page_index` (0-based), optional `dpi` (PDF pages render at 144 dpi by default).',
          },
        },
        schema: {
          tags: ['files'],
          summary: 'The rendered page image (the coordinate space of every bbox)',
          description:
            'PNG by default; `Accept: image/jpeg` or `image/webp` for other formats. PDF pages render at 144 dpi unless `dpi` is given; images keep their native size (EXIF orientation applied) unless `dpi` is given, which scales relative to 144. Strong ETag; `If-None-Match` answers 304.',
          params: {
            type: 'object',
            required: ['file_id', 'page_index'],
            properties: { file_id: { type: 'string', minLength: 1, maxLength: 100 }, page_index: { type: 'integer', minimum: 0 } },
          },
          querystring: { type: 'object', properties: { dpi: { type: 'integer', minimum: 36, maximum: 600 } } },
          produces: ['image/png', 'image/jpeg', 'image/webp'],
          response: { 200: { description: 'Image bytes', type: 'string', format: 'binary' }, ...errorResponses },
        },
      },
      async (request, reply) => {
        const format = negotiateImageFormat(request.headers.accept);
        const image = await ctx.files.pageImage(request.tenant, request.params.file_id, request.params.page_index, {
          dpi: request.query.dpi,
          format,
        });
        reply.header('etag', image.etag).header('cache-control', 'private, max-age=86400').header('vary', 'Accept, Authorization');
        if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
        return reply.type(image.contentType).send(image.body);
      },
    );
  };
}

/** Statuses that refuse one file (its format, size, content or password) rather than the whole request. */
const PER_FILE_STATUSES = new Set([413, 415]);

type UploadPart = FileRef | LockedUpload;

/** Runs one file's step, or records why it was refused (the caller goes on with the next, to name every bad file). */
async function perFile<T>(refused: RefusedFile[], index: number, filename: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof AppError) || !PER_FILE_STATUSES.has(err.status)) throw err;
    refused.push({ index, filename, status: err.status, detail: String(err.detail) });
    return null;
  }
}

/**
 * Stores each `files` part as it streams in. A refused file does not stop the others from being checked, so the
 * error names every bad file; the request then fails as a whole and what it had stored is removed. The `password`
 * field may come anywhere in the form: encrypted PDFs that arrive before it wait for it.
 */
async function uploadParts(ctx: AppContext, request: FastifyRequest) {
  if (!request.isMultipart()) {
    const contentType = request.headers['content-type'];
    // A body of another media type is the wrong format for this endpoint (415); no body at all is a missing field.
    if (contentType)
      throw new UnsupportedMediaError(
        `Upload expects multipart/form-data with one or more \`files\` parts, got ${contentType.split(';')[0].trim()}`,
      );
    throw ValidationError.at(['body', 'files'], 'Expected multipart/form-data with one or more `files` parts', 'missing');
  }
  const parts: { index: number; filename: string; part: UploadPart }[] = [];
  const refused: RefusedFile[] = [];
  let password: string | undefined;
  let index = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'password' && typeof part.value === 'string' && part.value !== '') password = part.value;
        continue;
      }
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw ValidationError.at(['body', part.fieldname], 'Unexpected file field; use the repeated field `files`', 'extra_forbidden');
      }
      const entry = { index: index++, filename: part.filename || 'upload' };
      const stored = await perFile(refused, entry.index, entry.filename, () =>
        ctx.files.ingestUploadPart(request.tenant, entry.filename, part.file, password),
      );
      if (stored) parts.push({ ...entry, part: stored });
    }
    for (const entry of parts) {
      if (!('locked' in entry.part)) continue;
      // Without a password in the whole form, its inspection refuses it (415, needs a password) and drops its blob.
      const locked = entry.part;
      const opened = await perFile(refused, entry.index, entry.filename, () => ctx.files.unlockUpload(locked, password));
      if (opened) entry.part = opened;
    }
    if (refused.length > 0)
      throw new UploadRefusedError(
        refused.sort((a, b) => a.index - b.index),
        index,
      );
  } catch (err) {
    await Promise.all(
      parts.map(({ part }) =>
        ('locked' in part ? ctx.files.discardUpload(part) : ctx.files.remove(request.tenant, part.file_id)).catch(() => undefined),
      ),
    );
    throw malformedMultipart(err) ?? err;
  }
  if (parts.length === 0) throw ValidationError.at(['body', 'files'], 'Field required', 'missing');
  return parts.map(({ part }) => part as FileRef);
}
