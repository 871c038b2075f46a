// Reads the import graph of src/ for the boundary test. The TypeScript in node_modules (the native compiler) has
// no JavaScript API, so imports are read by a small scanner: it blanks comments, regular-expression literals and
// template text first (so an import-like string inside them is never read), then matches the import forms.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** `value`: loaded at module evaluation; `type`: erased by the compiler; `dynamic`: `import()` at run time. */
export type ImportKind = 'value' | 'type' | 'dynamic';

export interface ImportEdge {
  /** Importing file, relative to the repository root with `/` separators (`src/jobs/worker.ts`). */
  from: string;
  /** Imported file, same form; for a package import only when it resolves into src/ (see `packageAliases`). */
  to: string;
  specifier: string;
  line: number;
  kind: ImportKind;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
  /** Relative specifiers that point at no file: the scanner or the code is wrong. */
  unresolved: ImportEdge[];
}

/** Package names that resolve into src/ (the SDK's self-reference); other packages are external. */
const packageAliases: Record<string, string> = { 'docintel/client': 'src/client/mod.ts' };

export function readImportGraph(repoRoot: string, srcDir = 'src'): ImportGraph {
  const files = listTsFiles(join(repoRoot, srcDir)).map((file) => toRepoPath(repoRoot, file));
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  for (const from of files) {
    for (const found of scanImports(readFileSync(join(repoRoot, from), 'utf8'))) {
      const to = resolveSpecifier(repoRoot, from, found.specifier);
      if (to === undefined) continue;
      const edge = { from, to, ...found };
      (existsSync(join(repoRoot, to)) ? edges : unresolved).push(edge);
    }
  }
  return { files, edges, unresolved };
}

function listTsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listTsFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out.sort();
}

function toRepoPath(repoRoot: string, file: string): string {
  return relative(repoRoot, file).split('\\').join('/');
}

function resolveSpecifier(repoRoot: string, from: string, specifier: string): string | undefined {
  if (specifier in packageAliases) return packageAliases[specifier];
  if (!specifier.startsWith('.')) return undefined;
  return toRepoPath(repoRoot, resolve(repoRoot, dirname(from), specifier));
}

interface FoundImport {
  specifier: string;
  line: number;
  kind: ImportKind;
}

// `import x from`, `import { a, type B } from`, `import type`, `export * from`, `export { a } from`.
const staticForm = /(^|[;}\n])[ \t]*(import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*(['"])([^'"\n]+)\5/g;
const sideEffectForm = /(^|[;}\n])[ \t]*import\s*(['"])([^'"\n]+)\2/g;
const dynamicForm = /(\btypeof\s+)?\bimport\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;

/** Finds the imports of one TypeScript source. Exported for the scanner's own tests. */
export function scanImports(source: string): FoundImport[] {
  const code = blankNonCode(source);
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const found: FoundImport[] = [];
  for (const m of code.matchAll(staticForm)) {
    const at = m.index + m[1].length;
    found.push({ specifier: m[6], line: lineAt(at), kind: isTypeOnly(m[3], m[4]) ? 'type' : 'value' });
  }
  for (const m of code.matchAll(sideEffectForm)) {
    found.push({ specifier: m[3], line: lineAt(m.index + m[1].length), kind: 'value' });
  }
  for (const m of code.matchAll(dynamicForm)) {
    found.push({ specifier: m[3], line: lineAt(m.index), kind: m[1] ? 'type' : 'dynamic' });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** `import type …`, or braces whose every name is marked `type` (the compiler then erases the import). */
function isTypeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/**
 * Replaces comments, regular-expression literals and template-literal text with spaces (newlines kept, so
 * positions and line numbers stay), leaving quoted strings as they are: module specifiers are quoted strings.
 */
export function blankNonCode(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  let lastSignificant = '';
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      i = skipQuoted(source, i, c);
      lastSignificant = c;
    } else if (c === '`') {
      const stop = skipQuoted(source, i, '`');
      blank(i + 1, stop - 1);
      i = stop;
      lastSignificant = '`';
    } else if (c === '/' && startsRegex(source, i, lastSignificant)) {
      const stop = skipRegex(source, i);
      blank(i, stop);
      i = stop;
      lastSignificant = 'a';
    } else {
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return out.join('');
}

/** Index just past the closing quote (backslash escapes skipped). */
function skipQuoted(source: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** A `/` starts a regular expression where a value may begin: after an operator, an opening bracket or `return`. */
function startsRegex(source: string, at: number, lastSignificant: string): boolean {
  if (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant)) return true;
  return /\b(return|typeof|case|do|else|in|of|void|yield|await)\s*$/.test(source.slice(Math.max(0, at - 12), at));
}

function skipRegex(source: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < source.length && source[i] !== '\n') {
    const c = source[i];
    if (c === '\\') i += 2;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      i++;
    }
  }
  i++;
  while (i < source.length && /[a-z]/i.test(source[i])) i++;
  return i;
}
