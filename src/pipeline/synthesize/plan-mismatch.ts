import { referenceFieldFor } from './compare.ts';
import { fromMinor, toMinor } from './money.ts';
import type { MismatchRequest } from './prompt-mismatch.ts';
import type { Rng } from './random.ts';
import { computeTotals } from './totals.ts';
import type { DocumentLedger, Mismatch } from './types.ts';
import { COUNTRY_INFO, countryOfLocale } from './vocab.ts';

/**
 * A mismatch request made concrete against the source document: which line, the source's value (expected) and
 * the differing value (actual). When the planner made the source itself it first sets the source's value to what
 * the prompt said ("where the PO ordered 10"), so both numbers in the prompt appear on the pages.
 */
export interface Resolved {
  mismatch: Mismatch;
  /** The source after adjustments (same object when none were needed). */
  source: DocumentLedger;
  extraPrice?: number;
}

export class MismatchNotApplicable extends Error {}

function lineFor(req: MismatchRequest, source: DocumentLedger, rng: Rng): number {
  const n = source.lines.length;
  if (req.line === -1) return n;
  if (req.line !== null) {
    if (req.line < 1 || req.line > n) throw new MismatchNotApplicable(`line ${req.line} does not exist (the source has ${n} lines)`);
    return req.line;
  }
  if (req.itemWords) {
    const stem = req.itemWords.replace(/(ies)$/, 'y').replace(/s$/, '');
    const hit = source.lines.find((l) => l.description.toLowerCase().includes(stem));
    if (hit) return hit.position;
  }
  return rng.int(1, n);
}

export function resolveMismatch(req: MismatchRequest, document: string, source: DocumentLedger, ownSource: boolean, rng: Rng): Resolved {
  const base = { kind: req.kind, document, against: source.key, instruction: req.instruction };
  let src = source;
  const setLine = (position: number, patch: Partial<DocumentLedger['lines'][number]>) => {
    src = computeTotals({ ...src, lines: src.lines.map((l) => (l.position === position ? { ...l, ...patch } : l)) });
  };
  switch (req.kind) {
    case 'quantity': {
      const line = lineFor(req, src, rng);
      if (ownSource && typeof req.expected === 'number' && req.expected > 0) setLine(line, { quantity: req.expected });
      let expected = src.lines[line - 1].quantity;
      if (ownSource && req.delta !== null && req.delta < 0 && expected + req.delta <= 0)
        setLine(line, { quantity: (expected = -req.delta + 1 + rng.int(0, 8)) });
      let actual =
        typeof req.actual === 'number' ? req.actual : req.delta !== null ? expected + req.delta : expected + rng.pick([-2, -1, 1, 2, 3]);
      if (actual === expected && ownSource) setLine(line, { quantity: (expected = actual > 1 ? actual - 1 : actual + 1) });
      if (actual <= 0) actual = expected + 1;
      if (actual === expected) throw new MismatchNotApplicable(`the quantities would be equal (${expected})`);
      return { source: src, mismatch: { ...base, line, field: '', expected, actual } };
    }
    case 'unit_price': {
      const line = lineFor(req, src, rng);
      if (ownSource && typeof req.expected === 'number' && req.expected > 0)
        setLine(line, { unitPrice: toMinor(req.expected, src.currency) });
      const expectedMinor = src.lines[line - 1].unitPrice;
      const pct = req.percent ?? (typeof req.actual === 'number' ? null : rng.pick([5, 10, -5, 2.5, 12]));
      let actualMinor = pct !== null ? Math.round(expectedMinor * (1 + pct / 100)) : toMinor(Number(req.actual), src.currency);
      if (actualMinor === expectedMinor) actualMinor = expectedMinor + 1;
      return {
        source: src,
        mismatch: {
          ...base,
          line,
          field: '',
          expected: fromMinor(expectedMinor, src.currency),
          actual: fromMinor(actualMinor, src.currency),
        },
      };
    }
    case 'tax_rate': {
      const line = lineFor(req, src, rng);
      if (ownSource && typeof req.expected === 'number') setLine(line, { taxRate: req.expected });
      const expected = src.lines[line - 1].taxRate;
      const others = COUNTRY_INFO[countryOfLocale(src.locale)].taxRates.filter((r) => r !== expected);
      let actual = typeof req.actual === 'number' ? req.actual : others.length ? rng.pick(others) : expected + 1;
      if (actual === expected) actual = expected + 1;
      return { source: src, mismatch: { ...base, line, field: '', expected, actual } };
    }
    case 'description': {
      const line = lineFor(req, src, rng);
      const expected = src.lines[line - 1].description;
      const actual =
        typeof req.actual === 'string' && req.actual !== expected
          ? req.actual
          : `${expected}, ${rng.pick(['refurbished', 'alternative model', 'grey', 'second choice'])}`;
      return { source: src, mismatch: { ...base, line, field: '', expected, actual } };
    }
    case 'missing_line': {
      if (src.lines.length < 2) throw new MismatchNotApplicable('a document with one line cannot lose it');
      const line = lineFor(req, src, rng);
      return {
        source: src,
        mismatch: { ...base, line, field: `line_items[${line - 1}]`, expected: src.lines[line - 1].description, actual: null },
      };
    }
    case 'extra_line':
      return {
        source: src,
        extraPrice: req.price ?? undefined,
        mismatch: { ...base, field: '', expected: null, actual: typeof req.actual === 'string' ? req.actual : null },
      };
    case 'missing_reference': {
      const direct = referenceFieldFor(src.type);
      const field = req.referenceField ?? direct?.field ?? 'po_number';
      const expected =
        direct?.field === field
          ? src.number
          : src.references[
              field === 'invoice_number'
                ? 'invoiceNumber'
                : field === 'quote_number'
                  ? 'quoteNumber'
                  : field === 'delivery_note_number'
                    ? 'deliveryNoteNumber'
                    : 'poNumber'
            ];
      if (!expected) throw new MismatchNotApplicable(`${source.key} has no ${field} to leave out`);
      return { source: src, mismatch: { ...base, field, expected, actual: null } };
    }
  }
}
