// The import rules of docs/architecture.md ("Import rules"), checked over every file of src/. Each failure lists
// every violation with its file, line and import, so one run shows all that is left to fix. Tests are free to
// import src/ internals: the rules are for src/ only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blankNonCode, type ImportEdge, readImportGraph, scanImports } from './helpers/import-graph.ts';
import { deepImportAllowList } from './architecture.allow-list.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The layers, top to bottom: a file may import its own layer and the layers below it, never one above.
 * Layers on one row are siblings that may not import each other, except where `siblingImports` says.
 * The entry points (src/*.ts, src/cli/) sit above every layer; the SDK (src/client/) stands alone.
 */
const layers: string[][] = [['entry'], ['api'], ['jobs'], ['files'], ['pipeline'], ['index', 'inference', 'storage'], ['shared']];
const siblingImports = new Set([
  // The inference sidecar reads page images by blob key when it shares the filesystem store.
  'inference -> storage',
]);

/** Modules whose every file is public, so no mod.ts: importing one file never loads the others. */
const openModules = new Set([
  // Independent utilities (config, errors, logger, metrics…): a barrel would load the logger and the metrics
  // registry into every worker thread that only needs an error class.
  'src/shared',
  // The document model every stage reads: types and the pure helpers over them.
  'src/pipeline/model',
]);

/**
 * Entry points that a process or thread loads by path, which may import past a mod.ts: they must load exactly
 * what their process or thread runs, in a given order, and a barrel would load more.
 */
const entryPoints = new Set([
  // The binary's entry: the mupdf hook before anything loads mupdf, then each role's code lazily.
  'src/cli.ts',
  // A document-pool worker thread's entry: the task functions only, not the stages' main-thread services.
  'src/pipeline/pool-worker/tasks.ts',
]);

/** `api`, `pipeline`, …; `entry` for src/*.ts and src/cli/; `client` for the SDK. */
function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 2 || parts[1] === 'cli') return 'entry';
  return parts[1];
}

/** A module is a folder directly under src/ or under src/pipeline/; undefined for src/*.ts. */
function moduleOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[1] === 'pipeline') return parts.length > 3 ? parts.slice(0, 3).join('/') : undefined;
  return parts.length > 2 ? parts.slice(0, 2).join('/') : undefined;
}

const describeEdge = (e: ImportEdge) => `${e.from}:${e.line} imports ${e.to} ('${e.specifier}', ${e.kind})`;

function layerViolations(edges: ImportEdge[]): string[] {
  const rank = (layer: string) => layers.findIndex((row) => row.includes(layer));
  return edges
    .filter((e) => {
      const from = layerOf(e.from);
      const to = layerOf(e.to);
      if (from === to) return false;
      if (from === 'client' || to === 'client') return !(to === 'client' && from === 'entry');
      if (rank(from) === rank(to)) return !siblingImports.has(`${from} -> ${to}`);
      return rank(to) < rank(from);
    })
    .map((e) => `${describeEdge(e)}: ${layerOf(e.from)} may not import ${layerOf(e.to)}`);
}

/** Imports from outside a module that name a file of it other than its mod.ts. */
function deepImports(edges: ImportEdge[]): ImportEdge[] {
  return edges.filter((e) => {
    const target = moduleOf(e.to);
    if (target === undefined || openModules.has(target) || moduleOf(e.from) === target) return false;
    if (entryPoints.has(e.from)) return false;
    return e.to !== `${target}/mod.ts`;
  });
}

const allowKey = (e: ImportEdge) => `${e.from} -> ${e.to}`;

/** `import type` is erased and `import()` runs later: neither can leave a module half-initialised. */
const isLoadTimeImport = (e: ImportEdge) => e.kind === 'value';

/**
 * Inside a module type imports count too: two files that need each other's types belong in one file or want a
 * third. Across modules they would count every type reached through a mod.ts, which is what barrels are for.
 */
const isLoadTimeOrSameModuleImport = (e: ImportEdge) => isLoadTimeImport(e) || (e.kind === 'type' && moduleOf(e.from) === moduleOf(e.to));

/** Cycles among the imports `counts` accepts. `nodeOf` maps a file to the graph node: itself, or its module. */
function cycles(edges: ImportEdge[], nodeOf: (file: string) => string | undefined, counts = isLoadTimeImport): string[] {
  const out = new Map<string, ImportEdge[]>();
  for (const e of edges) {
    if (!counts(e)) continue;
    const from = nodeOf(e.from);
    const to = nodeOf(e.to);
    if (from === undefined || to === undefined || from === to) continue;
    out.set(from, [...(out.get(from) ?? []), e]);
  }
  const found: string[] = [];
  const done = new Set<string>();
  const stack: ImportEdge[] = [];
  const onStack = new Set<string>();
  const visit = (node: string) => {
    onStack.add(node);
    for (const e of out.get(node) ?? []) {
      const next = nodeOf(e.to) as string;
      stack.push(e);
      if (onStack.has(next)) {
        const start = stack.findIndex((s) => nodeOf(s.from) === next);
        found.push(stack.slice(start).map(describeEdge).join('\n    → '));
      } else if (!done.has(next)) visit(next);
      stack.pop();
    }
    onStack.delete(node);
    done.add(node);
  };
  for (const node of [...out.keys()].sort()) if (!done.has(node)) visit(node);
  return found;
}

const report = (violations: string[]) => violations.map((v) => `\n  ${v}`).join('');

describe('import boundaries of src/', () => {
  const graph = readImportGraph(repoRoot);

  it('reads every import (every relative import resolves to a file)', () => {
    expect(graph.files.length).toBeGreaterThan(100);
    expect(report(graph.unresolved.map(describeEdge))).toBe('');
  });

  it('places every folder directly under src/ in a layer', () => {
    const known = new Set(['entry', 'client', ...layers.flat()]);
    const unplaced = [...new Set(graph.files.map(layerOf))].filter((layer) => !known.has(layer));
    expect(unplaced).toEqual([]);
  });

  it('imports only down the layers', () => {
    expect(report(layerViolations(graph.edges))).toBe('');
  });

  it('imports another module only through its mod.ts', () => {
    const deep = deepImports(graph.edges);
    const unlisted = deep.filter((e) => !deepImportAllowList.has(allowKey(e)));
    expect(report(unlisted.map((e) => `${describeEdge(e)}: import ${moduleOf(e.to)}/mod.ts instead`))).toBe('');
  });

  it('keeps the allow-list of deep imports to imports that still exist', () => {
    const present = new Set(deepImports(graph.edges).map(allowKey));
    expect(report([...deepImportAllowList].filter((key) => !present.has(key)))).toBe('');
  });

  it('has no import cycle between modules', () => {
    expect(report(cycles(graph.edges, moduleOf))).toBe('');
  });

  it('has no import cycle between files', () => {
    expect(report(cycles(graph.edges, (file) => file, isLoadTimeOrSameModuleImport))).toBe('');
  });
});

describe('docs/architecture.md', () => {
  const folders = (dir: string): string[] =>
    readdirSync(join(repoRoot, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => [`${dir}/${entry.name}`, ...folders(`${dir}/${entry.name}`)]);

  it('names every folder under src/', () => {
    const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');
    expect(folders('src').filter((folder) => !doc.includes(`\`${folder}/\``))).toEqual([]);
  });
});

describe('the boundary rules catch what they forbid', () => {
  const edge = (from: string, to: string, kind: ImportEdge['kind'] = 'value'): ImportEdge => ({
    from,
    to,
    specifier: to,
    line: 1,
    kind,
  });

  it('flags an import up the layers and between siblings, not one down', () => {
    expect(layerViolations([edge('src/pipeline/a.ts', 'src/jobs/b.ts')])).toHaveLength(1);
    expect(layerViolations([edge('src/storage/a.ts', 'src/index/b.ts')])).toHaveLength(1);
    expect(layerViolations([edge('src/client/a.ts', 'src/shared/b.ts')])).toHaveLength(1);
    expect(layerViolations([edge('src/jobs/a.ts', 'src/pipeline/b/c.ts', 'type')])).toHaveLength(0);
  });

  it('flags a deep import from outside the module only', () => {
    const deep = deepImports([
      edge('src/jobs/a.ts', 'src/pipeline/tables/grid.ts', 'type'),
      edge('src/jobs/a.ts', 'src/pipeline/tables/mod.ts'),
      edge('src/pipeline/tables/a.ts', 'src/pipeline/tables/grid.ts'),
      edge('src/pipeline/tables/a.ts', 'src/shared/config.ts'),
    ]);
    expect(deep.map((e) => e.to)).toEqual(['src/pipeline/tables/grid.ts']);
  });

  it('finds a cycle of value imports, not one closed by a type import', () => {
    const ab = edge('src/pipeline/a/x.ts', 'src/pipeline/b/y.ts');
    expect(cycles([ab, edge('src/pipeline/b/y.ts', 'src/pipeline/a/z.ts')], moduleOf)).toHaveLength(1);
    expect(cycles([ab, edge('src/pipeline/b/y.ts', 'src/pipeline/a/z.ts', 'type')], moduleOf)).toHaveLength(0);
  });

  it('counts type imports in a cycle between files of one module only', () => {
    const file = (f: string) => f;
    const inOne = [edge('src/inference/a.ts', 'src/inference/b.ts'), edge('src/inference/b.ts', 'src/inference/a.ts', 'type')];
    expect(cycles(inOne, file, isLoadTimeOrSameModuleImport)).toHaveLength(1);
    const acrossTwo = [
      edge('src/pipeline/a/x.ts', 'src/pipeline/b/mod.ts'),
      edge('src/pipeline/b/mod.ts', 'src/pipeline/a/mod.ts', 'type'),
    ];
    expect(cycles([...acrossTwo, edge('src/pipeline/a/mod.ts', 'src/pipeline/a/x.ts')], file, isLoadTimeOrSameModuleImport)).toHaveLength(
      0,
    );
  });

  it('lets entry points and open modules be imported past a mod.ts, nothing else', () => {
    const deep = deepImports([
      edge('src/pipeline/pool-worker/tasks.ts', 'src/pipeline/document/render.ts'),
      edge('src/jobs/a.ts', 'src/pipeline/model/types.ts'),
      edge('src/runtime.ts', 'src/jobs/worker.ts'),
    ]);
    expect(deep.map((e) => e.from)).toEqual(['src/runtime.ts']);
  });

  it('reads each import form, and none inside comments, strings or regular expressions', () => {
    const source = [
      "import { a, type B } from './a.ts';",
      "import type { C } from './c.ts';",
      'import {',
      '  type D,',
      "} from './d.ts';",
      "export * from './e.ts';",
      "import './f.ts';",
      "const g = await import('./g.ts');",
      "type H = typeof import('./h.ts');",
      "// import x from './comment.ts';",
      "const re = /import x from './regex.ts'/;",
      "const s = `import x from './template.ts'`;",
    ].join('\n');
    expect(scanImports(source)).toEqual([
      { specifier: './a.ts', line: 1, kind: 'value' },
      { specifier: './c.ts', line: 2, kind: 'type' },
      { specifier: './d.ts', line: 3, kind: 'type' },
      { specifier: './e.ts', line: 6, kind: 'value' },
      { specifier: './f.ts', line: 7, kind: 'value' },
      { specifier: './g.ts', line: 8, kind: 'dynamic' },
      { specifier: './h.ts', line: 9, kind: 'type' },
    ]);
    expect(blankNonCode('a /* x */ b').length).toBe('a /* x */ b'.length);
  });
});
