import type { PageSize } from '../document/mod.ts';
import type { EquationFinding } from '../equations/mod.ts';
import type { DocumentModel } from '../model/types.ts';
import type { ParseRegion } from './parse-view.ts';
import { RegionSink } from './region-sink.ts';
import { wordIdsIn } from './word-ids.ts';

/**
 * EquationExtractResponse (spec): the document's formulas in reading order, each with its LaTeX, the text layer's
 * (or OCR's) reading, its box, the words inside it and a region (`p<page>_er<n>`, label `equation` or
 * `inline_equation`). The response's `engine` is `parse_fallback` as soon as any formula came from OCR tokens
 * (each formula also says which path produced it).
 */
export interface EquationsView {
  engine: 'equation_codegen' | 'parse_fallback';
  pages: number;
  grounding_regions: ParseRegion[];
  equations: EquationResult[];
}

export interface EquationResult {
  equation_id: string;
  page_index: number;
  latex: string;
  source_text: string;
  display_mode: 'inline' | 'block';
  confidence: number;
  bbox: [number, number, number, number];
  bbox_ids: string[];
  region_ids: string[];
  engine: EquationFinding['engine'];
  tag: string | null;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function buildEquationsView(model: DocumentModel, perPage: EquationFinding[][], pageSizes: PageSize[]): EquationsView {
  const sink = new RegionSink('er', pageSizes, model.pages);
  const equations: EquationResult[] = [];
  perPage.forEach((findings, pageIndex) => {
    const page = model.pages[pageIndex];
    findings.forEach((f, n) => {
      const region = sink.add(pageIndex, f.bbox, f.display_mode === 'inline' ? 'inline_equation' : 'equation');
      equations.push({
        equation_id: `p${pageIndex}_eq${n}`,
        page_index: pageIndex,
        latex: f.latex,
        source_text: f.source_text,
        display_mode: f.display_mode,
        confidence: round3(f.confidence),
        bbox: sink.round(pageIndex, f.bbox),
        bbox_ids: wordIdsIn(page, f.bbox),
        region_ids: [region],
        engine: f.engine,
        tag: f.tag ?? null,
      });
    });
  });
  const engine = equations.some((e) => e.engine === 'parse_fallback') ? 'parse_fallback' : 'equation_codegen';
  return { engine, pages: model.page_count, grounding_regions: sink.regions, equations };
}
