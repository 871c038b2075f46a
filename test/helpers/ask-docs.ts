import type { IndexUnit, SearchHit } from '../../src/index/types.ts';
import { buildExtractDocument } from '../../src/pipeline/extract/mod.ts';
import { documentUnits, type AskDocument } from '../../src/pipeline/ask/mod.ts';
import { contentTerms } from '../../src/pipeline/ask/terms.ts';
import { modelOfPdf } from './document-models.ts';

/** A document for the ask engine tests: read through the real stages, with its index units beside it. */
export type AskTestDocument = AskDocument & { units: IndexUnit[] };

export function askDocument(docId: string, pdf: Buffer): AskTestDocument {
  const model = modelOfPdf(pdf, docId);
  return { docId, doc: buildExtractDocument(model), units: documentUnits(docId, model) };
}

/** Okapi BM25 over the units' content terms: enough ranking to drive the engine without the index. */
export function bm25(units: IndexUnit[], query: string, limit = 10): SearchHit[] {
  const terms = units.map((u) => contentTerms(u.text));
  const avg = terms.reduce((s, t) => s + t.length, 0) / Math.max(1, terms.length);
  const df = new Map<string, number>();
  for (const t of terms) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const q = contentTerms(query);
  return terms
    .map((t, i) => {
      let score = 0;
      for (const w of q) {
        const tf = t.filter((x) => x === w).length;
        const n = df.get(w) ?? 0;
        if (tf) score += (Math.log(1 + (terms.length - n + 0.5) / (n + 0.5)) * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * t.length) / avg));
      }
      return { i, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((x, r) => ({ unit: units[x.i], score: x.score, ranks: { bm25: r + 1 } }));
}
