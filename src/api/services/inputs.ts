import { ValidationError } from '../../shared/errors.ts';
import type { FileService } from '../../files/mod.ts';

/** The InputSource object of processing requests. */
export interface InputSource {
  file_id?: string | null;
  filename?: string | null;
  image_base64?: string | null;
  pdf_base64?: string | null;
  markdown?: string | null;
  text?: string | null;
  /** Opens an encrypted `pdf_base64`; never stored or logged. */
  password?: string | null;
}

/** After resolution every input names a stored file of the caller's tenant. */
export interface ResolvedInput {
  file_id: string;
  filename: string | null;
}

const CONTENT_MEMBERS = ['file_id', 'pdf_base64', 'image_base64', 'markdown', 'text'] as const;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function decodeBase64(value: string, loc: (string | number)[]): Buffer {
  const compact = value.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length === 0) throw ValidationError.at(loc, 'Value is not valid base64', 'value_error');
  return Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
}

/**
 * Exactly one content member must be set (decisions.md). Inline content is stored like an upload so that
 * grounding and page images work for it; `file_id` must exist for this tenant (404 otherwise).
 */
export async function resolveInput(
  files: FileService,
  tenant: string,
  input: InputSource,
  loc: (string | number)[],
): Promise<ResolvedInput> {
  const present = CONTENT_MEMBERS.filter((m) => input[m] !== undefined && input[m] !== null);
  if (present.length !== 1) {
    const msg =
      present.length === 0
        ? `Exactly one of ${CONTENT_MEMBERS.join(', ')} must be set`
        : `Exactly one content member may be set, got ${present.join(', ')}`;
    throw ValidationError.at(loc, msg, 'value_error');
  }
  const member = present[0];
  const filename = input.filename ?? null;
  const password = input.password ?? undefined;
  if (password !== undefined && member !== 'pdf_base64') {
    throw ValidationError.at(
      [...loc, 'password'],
      'password opens an inline pdf_base64; an uploaded file was opened with its password at upload',
      'value_error',
    );
  }
  if (member === 'file_id') {
    const record = await files.get(tenant, input.file_id as string);
    return { file_id: record.file_id, filename: filename ?? record.filename };
  }
  const value = input[member] as string;
  let ref;
  if (member === 'pdf_base64' || member === 'image_base64') {
    const bytes = decodeBase64(value, [...loc, member]);
    const expect = member === 'pdf_base64' ? 'pdf' : 'image';
    ref = await files.ingestBuffer(tenant, filename ?? (expect === 'pdf' ? 'inline.pdf' : 'inline-image'), bytes, {
      inline: true,
      expect,
      password,
    });
  } else {
    const contentType = member === 'markdown' ? 'text/markdown' : 'text/plain';
    ref = await files.ingestText(tenant, filename ?? (member === 'markdown' ? 'inline.md' : 'inline.txt'), value, contentType);
  }
  return { file_id: ref.file_id, filename: ref.filename };
}
