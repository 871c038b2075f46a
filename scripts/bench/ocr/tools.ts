import type { FastifyInstance } from 'fastify';
import { BENCH_AUTH } from '../our-service.ts';
import { timed } from '../stats.ts';
import { polygonBox, type Box, type TextLine } from './metrics.ts';
import { uniqueImageBytes } from './unique-bytes.ts';

/** One image as both sides need it: peers read the path, our service gets the bytes inline. */
export interface OcrImage {
  path: string;
  bytes: Buffer;
  filename: string;
}

export interface OcrPageResult {
  text: string;
  lines: TextLine[];
  /** Quarter turn the engine reported applying, when its answer says so; null when it does not. */
  rotation: number | null;
}

export interface OcrRead {
  ms: number;
  rssMb: number | null;
  pages: OcrPageResult[];
}

export interface OcrTool {
  name: string;
  ours: boolean;
  read(image: OcrImage): Promise<OcrRead>;
}

export const OUR_MODES = ['regular', 'classic', 'agentic'] as const;
export type OurMode = (typeof OUR_MODES)[number];

/** /v1/ocr answered something other than 200 (404 while the endpoint does not exist yet). */
export class OcrEndpointError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`/v1/ocr answered ${status}: ${body.slice(0, 200)}`);
    this.name = 'OcrEndpointError';
  }
}

interface OcrLineBody {
  text?: unknown;
  bbox?: unknown;
  polygon?: unknown;
}

interface OcrPageBody {
  text?: unknown;
  lines?: OcrLineBody[];
  rotation?: unknown;
  orientation?: unknown;
}

const numbers = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'number') ? (value as number[]) : null;

function lineOf(body: OcrLineBody): TextLine {
  const bbox = numbers(body.bbox);
  const polygon = numbers(body.polygon);
  const box: Box | null = bbox?.length === 4 ? [bbox[0], bbox[1], bbox[2], bbox[3]] : polygon ? polygonBox(polygon) : null;
  return { text: typeof body.text === 'string' ? body.text : '', box };
}

/** The contract's OcrPage has no rotation; a `rotation` or `orientation` number is read when an answer carries one. */
function pageOf(body: OcrPageBody): OcrPageResult {
  const lines = (body.lines ?? []).map(lineOf);
  const rotation = [body.rotation, body.orientation].find((v): v is number => typeof v === 'number') ?? null;
  return { text: typeof body.text === 'string' ? body.text : lines.map((l) => l.text).join('\n'), lines, rotation };
}

/**
 * POST /v1/ocr through the real HTTP app, sync, the image inline. Each request carries bytes the service has not
 * seen (uniqueImageBytes), made before the clock starts, as is the base64 encoding a client does.
 */
export function ourOcrTool(app: FastifyInstance, mode: OurMode): OcrTool {
  let requests = 0;
  return {
    name: `docintel ${mode}`,
    ours: true,
    async read(image) {
      const imageBase64 = uniqueImageBytes(image.bytes, `${mode} ${requests++} ${process.pid}`).toString('base64');
      const payload = { input: { image_base64: imageBase64, filename: image.filename }, mode, language: 'auto', execution_mode: 'sync' };
      const { ms, value: response } = await timed(() => app.inject({ method: 'POST', url: '/v1/ocr', headers: BENCH_AUTH, payload }));
      if (response.statusCode !== 200) throw new OcrEndpointError(response.statusCode, response.body);
      const body = response.json() as { pages?: OcrPageBody[] };
      return { ms, rssMb: null, pages: (body.pages ?? []).map(pageOf) };
    },
  };
}
