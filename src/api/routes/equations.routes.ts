import { equationsProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { EquationExtractResponse } from '../schemas/equations.ts';

export const equationsRoute: ProcessingRouteSpec = {
  url: '/v1/equations',
  operation: 'equations',
  summary: 'Equations as LaTeX',
  description: [
    'Every formula of the document as LaTeX, with its box. Born-digital pages (`engine: equation_codegen`): display and inline math are found from fonts (math italic, symbol and extension fonts), glyph classes and centred numbered lines, and the LaTeX is rebuilt from glyph geometry (scripts, fractions, radicals, big operators with limits, matrices, delimiters); it is checked with KaTeX and `confidence` drops when it does not parse. Scanned pages and images (`engine: parse_fallback`): formula regions from layout, the OCR text as `source_text` and a best-effort LaTeX with low confidence.',
    "`boundary_source`: `detector` (default: display formulas from layout and the service's own detection, plus inline math in text lines), `layout` (the layout stage's equation blocks only), `none` (every text line is read as a formula: for crops that hold only math).",
  ].join('\n\n'),
  properties: equationsProperties,
  response: { description: 'EquationExtractResponse', ...EquationExtractResponse },
};
