/**
 * FILE arguments of the client commands: a local path (uploaded first, or sent inline with --inline) or the id of
 * an uploaded file, turned into the request's InputSource members.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocintelClient, FileRef } from '../client/mod.ts';
import { UsageError } from './errors.ts';

export type InputSource = { file_id: string } | { filename: string; [content: string]: string };

const FILE_ID = /^file_[0-9A-Za-z]+$/;
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.gif', '.bmp']);

export async function isFile(candidate: string): Promise<boolean> {
  return (await stat(candidate).catch(() => null))?.isFile() ?? false;
}

export async function uploadPaths(client: DocintelClient, paths: string[], password?: string): Promise<FileRef[]> {
  const files = await Promise.all(paths.map(async (p) => ({ name: path.basename(p), data: await readFile(p) })));
  return client.upload(files, { password });
}

/** The InputSource member that carries a local file's bytes inline, chosen by its content and extension. */
function inlineMember(file: string, bytes: Buffer): 'pdf_base64' | 'image_base64' | 'markdown' | 'text' {
  const extension = path.extname(file).toLowerCase();
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf_base64';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image_base64';
  if (extension === '.md' || extension === '.markdown') return 'markdown';
  if (extension === '.txt') return 'text';
  throw new UsageError(`cannot send ${file} inline (PDF, image, .md or .txt); leave out --inline to upload it`);
}

async function inlineSource(file: string, password: string | undefined): Promise<InputSource> {
  const bytes = await readFile(file);
  const member = inlineMember(file, bytes);
  const content = member === 'markdown' || member === 'text' ? bytes.toString('utf8') : bytes.toString('base64');
  return { filename: path.basename(file), [member]: content, ...(password !== undefined && member === 'pdf_base64' ? { password } : {}) };
}

export interface ResolveOptions {
  /** Local files travel inside the request instead of being uploaded. */
  inline?: boolean;
  /** The password of encrypted PDFs among the local files (upload field, or beside inline `pdf_base64`). */
  password?: string;
}

/** Uploads the local paths among `args` (in one request) and passes file ids through, keeping the order. */
export async function resolveInputs(
  client: DocintelClient,
  args: string[],
  { inline = false, password }: ResolveOptions = {},
): Promise<InputSource[]> {
  const kinds = await Promise.all(
    args.map(async (arg) => {
      if (await isFile(arg)) return 'path';
      if (FILE_ID.test(arg)) return 'id';
      throw new UsageError(`no such file: ${arg}`);
    }),
  );
  if (inline) return Promise.all(args.map((arg, i) => (kinds[i] === 'path' ? inlineSource(arg, password) : { file_id: arg })));
  const paths = args.filter((_, i) => kinds[i] === 'path');
  const uploaded = paths.length > 0 ? await uploadPaths(client, paths, password) : [];
  let next = 0;
  return args.map((arg, i) => ({ file_id: kinds[i] === 'path' ? uploaded[next++].file_id : arg }));
}
