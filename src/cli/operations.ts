/**
 * The processing commands, one declaration each: the route, how FILE arguments become request members, which
 * options map to which members, and how a result reads for a person (--json prints the body as it is).
 * src/cli/processing.ts turns each declaration into a command; usage.ts lists them.
 */
import * as render from './render.ts';

export type OptionKind =
  /** One of `choices`, sent as a string. */
  | 'choice'
  /** Free text, sent as a string. */
  | 'text'
  /** A JSON file, read and sent as the parsed value. */
  | 'json-file'
  /** Not a member: `md` or `json` output (`--out json` is `--json`). */
  | 'output';

export interface OptionDecl {
  /** The long option, without dashes. */
  flag: string;
  short?: string;
  /** The request member it sets. */
  member: string;
  kind: OptionKind;
  choices?: readonly string[];
  /** Argument name in the help text. */
  arg?: string;
  help: string;
}

export interface OperationDecl {
  /** The words that name the command: `['ocr']`, `['schema', 'auto']`. */
  words: string[];
  route: string;
  summary: string;
  /**
   * FILE arguments: `one` → `input`, `many` → `inputs` (at least one), `any` → `inputs` (none allowed, stored files
   * only: the synthesize family takes file references, not inline content).
   */
  files: 'one' | 'many' | 'any';
  /** Only `sync` (the synthesize family): no job, no --async. */
  syncOnly?: boolean;
  /** False for requests without page selection (the synthesize family's closed members): no --page-range. */
  pageRange?: false;
  options: OptionDecl[];
  /** Another route when this boolean flag is given (`synthesize --set`). */
  alternate?: { flag: string; route: string; help: string };
  /** Members some option must supply (one of them), checked before any request. */
  requireOneOf?: string[];
  /** The result for a person; `note` writes to stderr (e.g. an id printed beside a document on stdout). */
  human(result: never, note: (text: string) => void): string;
}

const BOUNDARY_SOURCE: OptionDecl = {
  flag: 'boundary-source',
  member: 'boundary_source',
  kind: 'choice',
  choices: ['detector', 'layout', 'none'],
  help: 'where table/equation regions come from',
};

export const OPERATIONS: OperationDecl[] = [
  {
    words: ['parse'],
    route: '/api/v1/parse',
    summary: 'markdown (default) or the whole parse result as JSON',
    files: 'one',
    options: [{ flag: 'out', short: 'o', member: '', kind: 'output', choices: ['md', 'json'], help: 'md (default) or json' }],
    human: render.parse,
  },
  {
    words: ['extract'],
    route: '/v1/extract',
    summary: 'fields extracted against a schema, as JSON',
    files: 'one',
    requireOneOf: ['schema', 'schema_file_id'],
    options: [
      {
        flag: 'schema',
        short: 's',
        member: 'schema',
        kind: 'json-file',
        arg: 'FILE.json',
        help: 'the schema (SchemaV2Payload or JSON Schema)',
      },
      { flag: 'schema-file-id', member: 'schema_file_id', kind: 'text', arg: 'ID', help: 'a stored schema (see schema auto)' },
    ],
    human: render.asJson,
  },
  {
    words: ['ask'],
    route: '/api/v1/ask',
    summary: 'the answer text (--json: with its citations)',
    files: 'many',
    requireOneOf: ['query'],
    options: [{ flag: 'query', short: 'q', member: 'query', kind: 'text', arg: 'QUESTION', help: 'the question' }],
    human: render.ask,
  },
  {
    words: ['ocr'],
    route: '/v1/ocr',
    summary: 'the text of every page, line by line',
    files: 'one',
    options: [
      { flag: 'language', member: 'language', kind: 'choice', choices: ['auto', 'global'], help: 'recognition model' },
      { flag: 'mode', member: 'mode', kind: 'choice', choices: ['regular', 'classic', 'agentic'], help: 'OCR mode' },
    ],
    human: render.ocr,
  },
  {
    words: ['layout'],
    route: '/v1/layout',
    summary: 'the regions of every page (type, box, reading order)',
    files: 'one',
    options: [{ flag: 'mode', member: 'mode', kind: 'choice', choices: ['nested', 'non_overlapping'], help: 'region nesting' }],
    human: render.layout,
  },
  {
    words: ['tables'],
    route: '/v1/tables',
    summary: 'the tables, as tab-separated rows',
    files: 'one',
    options: [
      BOUNDARY_SOURCE,
      {
        flag: 'detection-policy',
        member: 'detection_policy',
        kind: 'choice',
        choices: ['strict', 'liberal'],
        help: 'how eagerly tables are found',
      },
      { flag: 'grounding', member: 'grounding', kind: 'choice', choices: ['none', 'table', 'cell'], help: 'boxes returned' },
    ],
    human: render.tables,
  },
  {
    words: ['equations'],
    route: '/v1/equations',
    summary: 'the equations, as LaTeX',
    files: 'one',
    options: [BOUNDARY_SOURCE],
    human: render.equations,
  },
  {
    words: ['charts'],
    route: '/v1/charts',
    summary: 'charts and figures described (type, title, summary)',
    files: 'one',
    options: [],
    human: render.charts,
  },
  {
    words: ['classify'],
    route: '/v1/classify',
    summary: "the document class (and each page's with --scope page)",
    files: 'one',
    options: [
      { flag: 'scope', member: 'classification_scope', kind: 'choice', choices: ['document', 'page'], help: 'one label or one per page' },
      {
        flag: 'classes',
        member: 'class_definitions',
        kind: 'json-file',
        arg: 'FILE.json',
        help: 'your classes: [{"label","description"}…]',
      },
    ],
    human: render.classify,
  },
  {
    words: ['split'],
    route: '/v1/split',
    summary: 'the documents of a packet (pages, class, stored file)',
    files: 'one',
    options: [],
    human: render.split,
  },
  {
    words: ['schema', 'auto'],
    route: '/v1/schema/auto',
    summary: 'an extraction schema proposed from example documents',
    files: 'many',
    options: [{ flag: 'instructions', short: 'i', member: 'instructions', kind: 'text', arg: 'TEXT', help: 'which fields matter' }],
    human: render.schemaAuto,
  },
  {
    words: ['synthesize'],
    route: '/api/v1/synthesize',
    summary: 'a synthetic business document as a PDF (from FILEs: edited or related)',
    files: 'any',
    syncOnly: true,
    pageRange: false,
    requireOneOf: ['prompt'],
    options: [{ flag: 'prompt', short: 'p', member: 'prompt', kind: 'text', arg: 'TEXT', help: 'what to generate or change' }],
    alternate: { flag: 'set', route: '/api/v1/synthesize/set', help: 'a set of related documents' },
    human: render.synthesize,
  },
];
