/**
 * The bars, judged from this run's numbers (never hard-coded): each answers met / NOT met / not measured.
 */
export interface BarInputs {
  /** SROIE CER on lines matched by box, by tool name; absent for a tool that was not measured. */
  sroieCer: Map<string, number>;
  /** Seconds-per-page figures in ms, by tool name. */
  receiptP50Ms: Map<string, number | null>;
  a4MedianMs: Map<string, number | null>;
  /** gRPC transfer as a share (0..1) of the OCR request time, or why it was not measured. */
  transfer: { share: number; detail: string } | { missing: string };
}

export const REGULAR = 'docintel regular';
export const AGENTIC = 'docintel agentic';
export const TESSERACT = 'tesseract';
export const CER_RATIO_BAR = 0.8;
export const SPEEDUP_BAR = 2;
export const TRANSFER_SHARE_BAR = 0.1;

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const f3 = (x: number) => x.toFixed(3);

function cerBar(cer: Map<string, number>): string {
  const bar = `Bar: \`regular\` CER at most ${CER_RATIO_BAR}x tesseract's on SROIE (lines matched by box)`;
  const regular = cer.get(REGULAR);
  const tesseract = cer.get(TESSERACT);
  if (regular === undefined || tesseract === undefined)
    return `${bar}: not measured (${regular === undefined ? 'regular' : 'tesseract'} has no figure).`;
  return `${bar}: ${verdict(regular <= CER_RATIO_BAR * tesseract)}: regular ${f3(regular)} vs ${CER_RATIO_BAR} x ${f3(tesseract)} = ${f3(CER_RATIO_BAR * tesseract)}.`;
}

function agenticBar(cer: Map<string, number>): string {
  const bar = 'Bar: `agentic` CER better (lower) than both `regular` and tesseract on SROIE';
  const [agentic, regular, tesseract] = [cer.get(AGENTIC), cer.get(REGULAR), cer.get(TESSERACT)];
  if (agentic === undefined || regular === undefined || tesseract === undefined) return `${bar}: not measured (a figure is missing).`;
  return `${bar}: ${verdict(agentic < regular && agentic < tesseract)}: agentic ${f3(agentic)}, regular ${f3(regular)}, tesseract ${f3(tesseract)}.`;
}

function speedBar(name: string, figures: Map<string, number | null>): string {
  const bar = `Bar: \`regular\` at least ${SPEEDUP_BAR}x faster than tesseract per page (${name})`;
  const regular = figures.get(REGULAR) ?? null;
  const tesseract = figures.get(TESSERACT) ?? null;
  if (!regular || !tesseract) return `${bar}: not measured.`;
  const ratio = tesseract / regular;
  return `${bar}: ${verdict(ratio >= SPEEDUP_BAR)}: ${ratio.toFixed(2)}x (regular ${(regular / 1000).toFixed(3)} s, tesseract ${(tesseract / 1000).toFixed(3)} s).`;
}

function transferBar(transfer: BarInputs['transfer']): string {
  const bar = `Bar: gRPC transfer under ${TRANSFER_SHARE_BAR * 100}% of the OCR time`;
  if ('missing' in transfer) return `${bar}: not measured (${transfer.missing}).`;
  return `${bar}: ${verdict(transfer.share < TRANSFER_SHARE_BAR)}: ${(transfer.share * 100).toFixed(1)}% (${transfer.detail}).`;
}

export function barNotes(inputs: BarInputs): string[] {
  return [
    cerBar(inputs.sroieCer),
    agenticBar(inputs.sroieCer),
    speedBar('300-dpi A4 page, median', inputs.a4MedianMs),
    speedBar('receipt, p50', inputs.receiptP50Ms),
    transferBar(inputs.transfer),
  ];
}
