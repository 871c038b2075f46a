/**
 * The job request types are read from the route schemas (jobs/requests/), and the handler dependencies are typed:
 * the type assertions fail the typecheck (`npm test` runs it first) when a schema and its type drift apart, the
 * runtime ones when a route stops validating the schema its handler's type is read from.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { processingRouteSpecs } from '../src/api/routes/index.ts';
import { layoutHandler } from '../src/jobs/handlers/layout.handler.ts';
import { MissingHandlerDependencyError, requireDep, type HandlerDeps, type JobContext } from '../src/jobs/handler.ts';
import type { AskRequest } from '../src/jobs/requests/ask.ts';
import {
  chartsProperties,
  classifyProperties,
  equationsProperties,
  layoutProperties,
  ocrProperties,
  parseProperties,
  splitProperties,
  tablesProperties,
  type ClassifyRequest,
  type LayoutRequest,
  type ParseRequest,
} from '../src/jobs/requests/documents.ts';
import { extractProperties, schemaAutoProperties, type ExtractRequest, type SchemaAutoRequest } from '../src/jobs/requests/extract.ts';
import { askProperties } from '../src/jobs/requests/ask.ts';
import type { FromSchema } from '../src/jobs/requests/from-schema.ts';
import { synthesizeProperties, type SynthesizeRequest } from '../src/jobs/requests/synthesize.ts';
import type { ChunkIndex } from '../src/index/types.ts';
import type { BlobStore, MetadataStore } from '../src/storage/ports.ts';

type Shared = {
  execution_mode?: 'async' | 'sync';
  billing_profile?: 'standard' | 'engineering_drawing';
  page_range?: string | null;
  webhook_url?: string | null;
};

describe('FromSchema', () => {
  it('reads types, enums, unions, arrays, objects and references', () => {
    expectTypeOf<FromSchema<{ type: 'string' }>>().toEqualTypeOf<string>();
    expectTypeOf<FromSchema<{ type: readonly ['integer', 'null'] }>>().toEqualTypeOf<number | null>();
    expectTypeOf<FromSchema<{ type: 'string'; enum: readonly ['a', 'b']; default: 'a' }>>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<FromSchema<{ enum: readonly [true, false, 'cell'] }>>().toEqualTypeOf<boolean | 'cell'>();
    expectTypeOf<FromSchema<{ anyOf: readonly [{ type: 'string' }, { type: 'array'; items: { type: 'string' } }] }>>().toEqualTypeOf<
      string | string[]
    >();
    expectTypeOf<
      FromSchema<{ type: 'object'; required: readonly ['a']; properties: { a: { type: 'number' }; b: { type: 'boolean' } } }>
    >().toEqualTypeOf<{ a: number; b?: boolean }>();
    expectTypeOf<FromSchema<{ type: readonly ['object', 'null']; additionalProperties: true }>>().toEqualTypeOf<Record<
      string,
      unknown
    > | null>();
    expectTypeOf<FromSchema<{ $ref: 'Thing#' }, { 'Thing#': { id: string } }>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<FromSchema<{ $ref: 'Other#' }>>().toEqualTypeOf<unknown>();
  });
});

describe('job requests', () => {
  it('are the route schemas read as types, with inputs as stored files', () => {
    expectTypeOf<ParseRequest>().toEqualTypeOf<
      Shared & {
        input: { file_id: string };
        profile?: 'grounded' | 'fast';
        grounding?: 'none' | 'regions' | 'ocr_lines';
        include_artifacts?: boolean;
      } extends infer T
        ? { [K in keyof T]: T[K] }
        : never
    >();
    expectTypeOf<LayoutRequest['mode']>().toEqualTypeOf<'nested' | 'non_overlapping' | undefined>();
    expectTypeOf<ClassifyRequest['class_definitions']>().toEqualTypeOf<{ label: string; description: string }[] | undefined>();
    expectTypeOf<ExtractRequest['schema']>().toEqualTypeOf<Record<string, unknown> | null | undefined>();
    expectTypeOf<ExtractRequest['grounding']>().toEqualTypeOf<boolean | 'none' | 'regions' | 'cell' | undefined>();
    expectTypeOf<SchemaAutoRequest['file_id']>().toEqualTypeOf<string | string[] | null | undefined>();
    expectTypeOf<SchemaAutoRequest['input']>().toEqualTypeOf<{ file_id: string } | undefined>();
    expectTypeOf<AskRequest['query']>().toEqualTypeOf<string>();
    expectTypeOf<AskRequest['input']>().toEqualTypeOf<{ file_id: string } | null | undefined>();
    expectTypeOf<SynthesizeRequest>().toEqualTypeOf<{
      execution_mode?: 'sync';
      billing_profile?: 'standard' | 'engineering_drawing';
      prompt: string;
      inputs?: { file_id: string; instructions?: string | null; role?: string | null }[];
    }>();
  });

  it('are what the routes validate', () => {
    const own = Object.fromEntries(processingRouteSpecs.map((spec) => [spec.url, spec.properties]));
    expect(own['/api/v1/parse']).toBe(parseProperties);
    expect(own['/v1/layout']).toBe(layoutProperties);
    expect(own['/v1/ocr']).toBe(ocrProperties);
    expect(own['/v1/tables']).toBe(tablesProperties);
    expect(own['/v1/equations']).toBe(equationsProperties);
    expect(own['/v1/charts']).toBe(chartsProperties);
    expect(own['/v1/classify']).toBe(classifyProperties);
    expect(own['/v1/split']).toBe(splitProperties);
    expect(own['/v1/extract']).toBe(extractProperties);
    expect(own['/v1/schema/auto']).toBe(schemaAutoProperties);
    expect(own['/api/v1/ask']).toBe(askProperties);
    for (const url of ['/api/v1/synthesize', '/api/v1/synthesize/one', '/api/v1/synthesize/set'])
      expect(own[url]).toBe(synthesizeProperties);
  });
});

describe('handler dependencies', () => {
  const stores = { metadata: {} as MetadataStore, blobs: {} as BlobStore };

  it('answers a dependency the process was given', () => {
    const deps: HandlerDeps = { ...stores, extractCalibration: false };
    expect(requireDep(deps, 'extractCalibration')).toBe(false);
    expectTypeOf(requireDep<'askIndex'>).returns.toEqualTypeOf<ChunkIndex>();
  });

  it('names a missing dependency', () => {
    const deps: HandlerDeps = { ...stores, inference: null };
    expect(() => requireDep(deps, 'files')).toThrow(MissingHandlerDependencyError);
    expect(() => requireDep(deps, 'inference')).toThrow(/"inference" is not configured/);
  });

  it('fails a handler run without its file service with that error', async () => {
    const ctx = {
      request: { input: { file_id: 'file_1' } },
      tenant: 't',
      deps: { ...stores },
    } as unknown as JobContext<LayoutRequest>;
    await expect(layoutHandler.run(ctx)).rejects.toThrow(/Handler dependency "files" is not configured/);
  });
});
