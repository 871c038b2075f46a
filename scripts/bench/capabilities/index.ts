import type { Capability } from '../types.ts';
import { ingestCapability } from './ingest.ts';
import { extractCapability } from './extract.ts';
import { askCapability } from './ask.ts';
import { chartsCapability } from './charts.ts';
import { equationsCapability } from './equations.ts';
import { synthesizeCapability } from './synthesize.ts';
import { ocrProbeFactory } from '../inference-probe.ts';
import { createOcrCapability } from './ocr.ts';
import { splitCapability } from './packets.ts';
import { fidelityCapability } from './fidelity.ts';
import { pdfTextCapability } from './pdf-text.ts';
import { renderCapability } from './render.ts';
import { createTablesCapability } from './tables.ts';
import { startOurTables } from '../our-tables.ts';
import { layoutCapability } from './layout-regions.ts';

/** Every capability the harness measures, in report order. A new capability is one module added here. */
export const CAPABILITIES: Capability[] = [
  pdfTextCapability,
  fidelityCapability,
  layoutCapability,
  renderCapability,
  createOcrCapability({ probe: ocrProbeFactory }),
  createTablesCapability({ open: startOurTables }),
  splitCapability,
  extractCapability,
  askCapability,
  equationsCapability,
  chartsCapability,
  synthesizeCapability,
  ingestCapability,
];

export function findCapability(name: string): Capability | undefined {
  return CAPABILITIES.find((c) => c.name === name);
}
