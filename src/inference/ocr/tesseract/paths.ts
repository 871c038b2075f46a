import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TesseractEngineError } from './errors.ts';

/**
 * Everything tesseract.js reads comes from node_modules; nothing is fetched. In Node, tesseract.js:
 * - spawns its worker thread from `workerPath` (we pass the package's own node worker script);
 * - loads the WebAssembly core with `require('tesseract.js-core/…')`, which reads the .wasm next to it with
 *   fs.readFileSync (`corePath` is only used by the browser build);
 * - reads `<langPath>/<lang>.traineddata.gz` with fs when langPath is not a URL, and only falls back to the
 *   jsDelivr CDN when langPath is unset. So langPath must always be set, to a local directory.
 */
const require = createRequire(import.meta.url);

const LANGUAGE_CODE = /^[a-z][a-z0-9_]*$/i;

/** The data sets each @tesseract.js-data package ships: LSTM-only first (smaller, what recognition uses). */
const LSTM_DIRS = ['4.0.0_best_int', '4.0.0'];
/** OSD runs on the legacy engine, whose components only the full 4.0.0 data has. */
const LEGACY_DIRS = ['4.0.0'];

export function tesseractWorkerScript(): string {
  return path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'src', 'worker-script', 'node', 'index.js');
}

export function tesseractCoreDir(): string {
  return path.dirname(require.resolve('tesseract.js-core/package.json'));
}

/** Path of `<lang>.traineddata.gz` inside its installed @tesseract.js-data package. */
export function traineddataFile(lang: string, kind: 'lstm' | 'legacy'): string {
  if (!LANGUAGE_CODE.test(lang)) throw new TesseractEngineError('language_data_missing', `invalid language code "${lang}"`);
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
  } catch (err) {
    throw new TesseractEngineError('language_data_missing', `language "${lang}" is not installed (package @tesseract.js-data/${lang})`, {
      cause: err,
    });
  }
  for (const dir of kind === 'lstm' ? LSTM_DIRS : LEGACY_DIRS) {
    const file = path.join(packageDir, dir, `${lang}.traineddata.gz`);
    if (existsSync(file)) return file;
  }
  throw new TesseractEngineError('language_data_missing', `no ${kind} traineddata for "${lang}" in ${packageDir}`);
}

/** A directory tesseract.js can use as `langPath` for these languages, and how to clean it up. */
export interface LanguageDirectory {
  langPath: string;
  release(): Promise<void>;
}

/**
 * tesseract.js reads every language from one langPath, but each language lives in its own package. One language:
 * use its package directory as is. Several: link their files into a private temp directory (never writing
 * into node_modules).
 */
export async function languageDirectory(langs: string[], kind: 'lstm' | 'legacy'): Promise<LanguageDirectory> {
  const files = langs.map((lang) => traineddataFile(lang, kind));
  if (files.length === 1) return { langPath: path.dirname(files[0]), release: async () => {} };
  const dir = await mkdtemp(path.join(tmpdir(), 'docintel-tessdata-'));
  await Promise.all(files.map((file) => symlink(file, path.join(dir, path.basename(file)))));
  return { langPath: dir, release: () => rm(dir, { recursive: true, force: true }) };
}
