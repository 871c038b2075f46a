/**
 * `npm run gen`: writes src/client/schema.ts, the SDK's types, from the committed openapi.json.
 *
 * The output has openapi-typescript's shape (`paths`, `components`, `operations`, …) so openapi-fetch's
 * `createClient<paths>()` types every call; openapi-typescript itself cannot be installed here (its peer is
 * TypeScript 5). Output is deterministic: test/client.sdk.test.ts regenerates it in memory and fails on drift.
 *
 * JSON Schema → TypeScript: objects list their properties (optional unless `required`), `additionalProperties`
 * becomes an index signature, arrays `T[]`, `enum`/`const` literal unions, type arrays (`["string", "null"]`)
 * unions, `anyOf`/`oneOf` unions, `allOf` intersections, `$ref` `components["schemas"]["Name"]`, `{}` unknown.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_JSON = path.join(ROOT, 'openapi.json');
export const CLIENT_SCHEMA_FILE = path.join(ROOT, 'src', 'client', 'schema.ts');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = { [key: string]: Json };

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface MediaObject {
  schema?: JsonSchema;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaObject>;
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaObject> };
  responses?: Record<string, ResponseObject>;
}
type PathItem = { parameters?: Parameter[] } & Partial<Record<Method, Operation>>;
export interface OpenApiDocument {
  paths?: Record<string, PathItem>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type Method = (typeof METHODS)[number];
const PARAMETER_PLACES = ['query', 'header', 'path', 'cookie'] as const;
const TAB = '    ';

const HEADER = `/**
 * Generated from openapi.json by scripts/gen-client.ts — do not edit.
 * Regenerate with \`npm run gen\`; test/client.sdk.test.ts fails when this file drifts from openapi.json.
 */`;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function isSchema(value: Json | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSDoc block (or nothing) for a description, a summary and a default. */
function doc(indent: string, parts: { summary?: string; description?: Json; default?: Json }): string[] {
  const lines: string[] = [];
  if (parts.summary) lines.push(parts.summary);
  if (typeof parts.description === 'string' && parts.description !== parts.summary) lines.push(`@description ${parts.description}`);
  if (parts.default !== undefined) lines.push(`@default ${JSON.stringify(parts.default)}`);
  if (lines.length === 0) return [];
  // `*/` would end the comment early.
  const text = lines.join('\n').replaceAll('*/', '*\\/').split('\n');
  if (text.length === 1) return [`${indent}/** ${text[0]} */`];
  return [`${indent}/**`, ...text.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}

function union(members: string[]): string {
  const unique = [...new Set(members)];
  if (unique.length === 0) return 'never';
  if (unique.includes('unknown')) return 'unknown';
  return unique.join(' | ');
}

/** True when `type` has a `|` or `&` outside braces, brackets, parentheses and string literals. */
function hasTopLevelOperator(type: string): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if ('{[(<'.includes(c)) depth++;
    else if ('}])>'.includes(c)) depth--;
    else if (depth === 0 && (c === '|' || c === '&')) return true;
  }
  return false;
}

/** Wraps a union or intersection so that `[]`, `&` or `|` bind to the whole. */
function group(type: string): string {
  return hasTopLevelOperator(type) ? `(${type})` : type;
}

function refType(ref: string): string {
  const parts = ref
    .replace(/^#\//, '')
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (parts[0] !== 'components' || parts.length !== 3) throw new Error(`unsupported $ref ${ref}`);
  return `components[${JSON.stringify(parts[1])}][${JSON.stringify(parts[2])}]`;
}

function objectType(schema: JsonSchema, indent: string): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const inner = indent + TAB;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const property = isSchema(value) ? value : {};
    lines.push(...doc(inner, { description: property.description, default: property.default }));
    lines.push(`${inner}${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(property, inner)};`);
  }
  const extra = schema.additionalProperties;
  const names = Object.keys(properties);
  if (isSchema(extra) || extra === true || (extra === undefined && names.length === 0)) {
    // Declared members must fit the index signature, so it widens to unknown when there are any.
    const value = isSchema(extra) && names.length === 0 ? schemaType(extra, inner) : 'unknown';
    lines.push(`${inner}[key: string]: ${value};`);
  }
  if (lines.length === 0) return 'Record<string, never>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function singleType(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `${group(isSchema(schema.items) ? schemaType(schema.items, indent) : 'unknown')}[]`;
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

/** The TypeScript type of a JSON Schema; `indent` is the indentation of the line the type starts on. */
export function schemaType(schema: JsonSchema, indent = ''): string {
  const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  const nullable = types.includes('null') || schema.nullable === true;
  if (typeof schema.$ref === 'string') return nullable ? `${refType(schema.$ref)} | null` : refType(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) {
    const members = schema.enum.map((value) => JSON.stringify(value));
    return union(nullable ? [...members, 'null'] : members);
  }
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (alternatives) {
    const members = alternatives.filter(isSchema).map((s) => schemaType(s, indent));
    return union(nullable ? [...members, 'null'] : members);
  }
  if (Array.isArray(schema.allOf)) {
    return (
      schema.allOf
        .filter(isSchema)
        .map((s) => group(schemaType(s, indent)))
        .join(' & ') || 'unknown'
    );
  }
  if (types.length === 0) {
    if (isSchema(schema.properties) || schema.additionalProperties !== undefined) return objectType(schema, indent);
    if (isSchema(schema.items)) return singleType('array', schema, indent);
    return 'unknown';
  }
  return union(types.map((type) => singleType(type, schema, indent)));
}

function parametersBlock(params: Parameter[], indent: string): string[] {
  const inner = indent + TAB;
  const lines = [`${indent}parameters: {`];
  for (const place of PARAMETER_PLACES) {
    const here = params.filter((p) => p.in === place);
    if (here.length === 0) {
      lines.push(`${inner}${place}?: never;`);
      continue;
    }
    const anyRequired = here.some((p) => p.required || place === 'path');
    lines.push(`${inner}${place}${anyRequired ? '' : '?'}: {`);
    for (const p of here) {
      lines.push(...doc(inner + TAB, { description: p.description ?? p.schema?.description }));
      const optional = p.required || place === 'path' ? '' : '?';
      lines.push(`${inner + TAB}${key(p.name)}${optional}: ${schemaType(p.schema ?? {}, inner + TAB)};`);
    }
    lines.push(`${inner}};`);
  }
  lines.push(`${indent}};`);
  return lines;
}

function contentBlock(content: Record<string, MediaObject> | undefined, indent: string, optionalWhenEmpty: boolean): string[] {
  const entries = Object.entries(content ?? {});
  if (entries.length === 0) return [`${indent}content${optionalWhenEmpty ? '?' : ''}: never;`];
  const inner = indent + TAB;
  return [
    `${indent}content: {`,
    ...entries.map(([media, object]) => `${inner}${JSON.stringify(media)}: ${schemaType(object.schema ?? {}, inner)};`),
    `${indent}};`,
  ];
}

/** Operation-level parameters replace path-level ones with the same name and place. */
function mergedParameters(item: PathItem, operation: Operation): Parameter[] {
  const own = operation.parameters ?? [];
  const inherited = (item.parameters ?? []).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in));
  return [...inherited, ...own];
}

function operationBlock(item: PathItem, operation: Operation, indent: string): string[] {
  const inner = indent + TAB;
  const lines = [...parametersBlock(mergedParameters(item, operation), inner)];
  const body = operation.requestBody;
  if (body) {
    lines.push(`${inner}requestBody${body.required ? '' : '?'}: {`, ...contentBlock(body.content, inner + TAB, false), `${inner}};`);
  } else {
    lines.push(`${inner}requestBody?: never;`);
  }
  lines.push(`${inner}responses: {`);
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const at = inner + TAB;
    lines.push(...doc(at, { description: response.description }));
    lines.push(`${at}${/^\d+$/.test(status) ? status : JSON.stringify(status)}: {`);
    lines.push(`${at + TAB}headers: {`, `${at + TAB + TAB}[name: string]: unknown;`, `${at + TAB}};`);
    lines.push(...contentBlock(response.content, at + TAB, true), `${at}};`);
  }
  lines.push(`${inner}};`);
  return ['{', ...lines, `${indent}}`];
}

function pathsBlock(doc_: OpenApiDocument): string[] {
  const lines = ['export interface paths {'];
  for (const [route, item] of Object.entries(doc_.paths ?? {})) {
    lines.push(`${TAB}${JSON.stringify(route)}: {`);
    lines.push(...parametersBlock(item.parameters ?? [], TAB + TAB));
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) {
        lines.push(`${TAB + TAB}${method}?: never;`);
        continue;
      }
      lines.push(...doc(TAB + TAB, { summary: operation.summary, description: operation.description }));
      const block = operationBlock(item, operation, TAB + TAB);
      lines.push(`${TAB + TAB}${method}: ${block[0]}`, ...block.slice(1, -1), `${block.at(-1)};`);
    }
    lines.push(`${TAB}};`);
  }
  lines.push('}');
  return lines;
}

function componentsBlock(doc_: OpenApiDocument): string[] {
  const schemas = doc_.components?.schemas ?? {};
  const lines = ['export interface components {', `${TAB}schemas: {`];
  for (const [name, schema] of Object.entries(schemas)) {
    lines.push(...doc(TAB + TAB, { description: schema.description }));
    lines.push(`${TAB + TAB}${key(name)}: ${schemaType(schema, TAB + TAB)};`);
  }
  lines.push(`${TAB}};`);
  for (const kind of ['responses', 'parameters', 'requestBodies', 'headers', 'pathItems']) lines.push(`${TAB}${kind}: never;`);
  lines.push('}');
  return lines;
}

/** The whole schema module for an OpenAPI document, as `npm run gen` writes it. */
export function renderClientSchema(openapi: OpenApiDocument): string {
  return [
    HEADER,
    '',
    ...pathsBlock(openapi),
    'export type webhooks = Record<string, never>;',
    ...componentsBlock(openapi),
    'export type $defs = Record<string, never>;',
    'export type operations = Record<string, never>;',
    '',
  ].join('\n');
}

export async function readOpenApi(file = OPENAPI_JSON): Promise<OpenApiDocument> {
  return JSON.parse(await readFile(file, 'utf8')) as OpenApiDocument;
}

async function main(): Promise<void> {
  const text = renderClientSchema(await readOpenApi());
  await writeFile(CLIENT_SCHEMA_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_SCHEMA_FILE)} (${text.split('\n').length} lines)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
