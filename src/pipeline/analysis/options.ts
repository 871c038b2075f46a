import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGINE_VERSION } from '../../shared/version.ts';

/**
 * What identifies one analysis of a file: the engine version (package version, analysis revision, mupdf) and
 * the options that change the model. The cache key is `analyses/<file sha256>/<engine version>-<options hash>.json.gz`.
 */

/** Bump when the text layer, layout or model shape changes in a way that must not serve old cached models. */
export const ANALYSIS_REVISION = 3;

/** `fast`: text layer, blocks and reading order only; `grounded`: everything (figures, tables, ...). */
export type AnalysisProfile = 'fast' | 'grounded';

/** Which engine reads pages without a trustworthy text layer (see the OCR endpoint's `mode`). */
export type OcrMode = 'regular' | 'classic' | 'agentic';

export interface AnalysisOptions {
  profile: AnalysisProfile;
  ocrMode: OcrMode;
  /** OCR every page, even those with a good text layer (OCR in classic or agentic mode asks for real OCR). */
  forceOcr: boolean;
  /**
   * The request's `page_range` as sorted zero-based page indexes; absent for the whole file. Only those pages are
   * analysed (or cut from a cached analysis of the whole file), and it is part of the cache key.
   */
  pages?: number[];
}

function mupdfVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    let dir = path.dirname(require.resolve('mupdf'));
    for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === 'mupdf' && pkg.version) return pkg.version;
      } catch {
        // not in this folder; look one up
      }
    }
  } catch {
    // unresolvable
  }
  return 'unknown';
}

/** Blob-key safe ([A-Za-z0-9_.-]): e.g. `0.1.0_a1_mupdf1.28.1`. */
export const ANALYSIS_ENGINE_VERSION = `${ENGINE_VERSION}_a${ANALYSIS_REVISION}_mupdf${mupdfVersion()}`.replace(/[^A-Za-z0-9_.-]/g, '_');

/** Only the members that change the model, in a fixed order, so equal options hash equally. */
export function normalizeOptions(options: Partial<AnalysisOptions> = {}): AnalysisOptions {
  const ocrMode = options.ocrMode === 'classic' || options.ocrMode === 'agentic' ? options.ocrMode : 'regular';
  const normalized: AnalysisOptions = {
    profile: options.profile === 'fast' ? 'fast' : 'grounded',
    ocrMode,
    forceOcr: options.forceOcr === true,
  };
  // Added only when set, so the whole file's options (and cache keys) stay what they were before page ranges.
  if (options.pages) normalized.pages = [...new Set(options.pages)].sort((a, b) => a - b);
  return normalized;
}

/** The same options for the whole file. */
export function wholeFileOptions(options: AnalysisOptions): AnalysisOptions {
  const { pages: _pages, ...whole } = options;
  return whole;
}

export function optionsHash(options: AnalysisOptions): string {
  return createHash('sha256')
    .update(JSON.stringify(normalizeOptions(options)))
    .digest('hex')
    .slice(0, 16);
}

/** Folder of every cached analysis (and view stored beside one) of the bytes with this sha256, any engine version. */
export function analysisPrefix(sha256: string): string {
  return `analyses/${sha256}/`;
}

export function analysisKey(sha256: string, options: AnalysisOptions): string {
  return `analyses/${sha256}/${ANALYSIS_ENGINE_VERSION}-${optionsHash(options)}.json.gz`;
}

/** A result derived from that analysis (a rendered view, `name` like `parse-regions`), stored beside it. */
export function derivedKey(sha256: string, options: AnalysisOptions, name: string): string {
  return analysisKey(sha256, options).replace(/\.json\.gz$/, `.${name.replace(/[^A-Za-z0-9_-]/g, '_')}.json.gz`);
}
