import { detectCurrency, findAmounts, findDates } from '../../fields/mod.ts';
import type { Candidate, ConceptFinder, ExtractDocument } from '../types.ts';
import { candidateFrom, candidateOfLine, height, LAYOUT_WEIGHT, labelledValues, rightOf, visualLines, type Labelled } from './lines.ts';
import { adjustedBelow, roundedBelow, summedTotal } from './receipt-sums.ts';
import { preferTendered } from './tender.ts';
import { issuerAddressFinder, issuerFinder, customerFinder, customerAddressFinder } from './parties.ts';
import { BUSINESS } from './business-thresholds.ts';

/**
 * Finders for invoice and receipt concepts: a labelled value of the right kind first (key-values, "Label value"
 * on a line, the value right of or below its label), then position priors (the first date near the top, the
 * largest labelled total near the end).
 */

const labelled = (doc: ExtractDocument, concept: string) => labelledValues(doc).filter((l) => l.concept === concept);
const byConfidence = (a: Candidate, b: Candidate) => b.confidence - a.confidence;

/** Labelled amounts: the last amount in the value (a row's last column is its total); `keep` may leave labels out. */
function amountCandidates(
  doc: ExtractDocument,
  concept: string,
  bonus: (l: Labelled) => number = () => 0,
  keep: (l: Labelled) => boolean = () => true,
): (Candidate & { amount: number })[] {
  const out: (Candidate & { amount: number })[] = [];
  for (const l of labelled(doc, concept)) {
    if (!keep(l)) continue;
    const amounts = findAmounts(l.valueText);
    const a = amounts[amounts.length - 1];
    if (!a) continue;
    const c = candidateFrom(
      doc,
      l,
      a.value,
      a.index,
      a.index + a.raw.length,
      l.labelScore * LAYOUT_WEIGHT[l.layout] * BUSINESS.labelledFactor + bonus(l),
    );
    out.push({ ...c, amount: a.value });
  }
  return out;
}

/** Labels that can only mean the amount to pay ("grand total", "amount due", "Gesamtbetrag"), unlike a bare "Total". */
const SPECIFIC_TOTAL =
  /\b(?:grand|due|payable|pay|ttc|inclusive|incl|zapłaty|gesamtbetrag|endbetrag|rechnungsbetrag|betalen|pagar|rounded|nett|invoice total|factuur totaal|balance)\b|à payer/i;

/**
 * A "total" label that counts things or sums what was not paid ("TOTAL QTY", "Total items", "ITEM COUNT", "Total
 * savings", "Total discount"): its number is not the amount to pay.
 */
const NOT_AMOUNT_TO_PAY =
  /\b(?:qty|quantit(?:y|ies)|items?|pcs|pieces?|units?|count|articles?|lines?|savings?|saved|discounts?|disc|points?|weight|kgs?)\b/i;

/** The words of a label's own line before its first digit ("TOTAL SAVINGS" when the label was read as "TOTAL"). */
function labelWords(doc: ExtractDocument, l: Labelled): string {
  const line = doc.model.pages[l.pageIndex]?.lines.find((x) => x.id === l.lineIds[0]);
  const text = line?.text ?? l.label;
  const digit = text.search(/\d/);
  return `${l.label} ${digit < 0 ? text : text.slice(0, digit)}`;
}

/** Totals: among labelled totals prefer specific labels and the largest amount, then the one lowest on the last pages. */
function totalCandidates(doc: ExtractDocument): Candidate[] {
  const key = (l: Labelled) => `${l.pageIndex}:${l.label}:${l.valueText}`;
  const specific = new Set(
    labelled(doc, 'total')
      .filter((l) => SPECIFIC_TOTAL.test(l.label))
      .map(key),
  );
  const counted = new Set(
    labelled(doc, 'total')
      .filter((l) => NOT_AMOUNT_TO_PAY.test(labelWords(doc, l)))
      .map(key),
  );
  const found = amountCandidates(
    doc,
    'total',
    (l) => (specific.has(key(l)) ? BUSINESS.specificTotalBonus : 0),
    (l) => !counted.has(key(l)),
  ).filter((c) => c.amount > 0);
  if (!found.length) return preferTendered(doc, [...summedTotals(doc), ...untaxedSubtotal(doc)]);
  const max = Math.max(...found.map((c) => c.amount));
  const lastPage = Math.max(...found.map((c) => c.pageIndex));
  const ranked = found
    .map(({ amount, ...c }) => {
      const page = doc.model.pages[c.pageIndex];
      const low = page ? c.bbox[1] / page.height : 0;
      const bonus =
        (amount === max ? BUSINESS.largestTotalBonus : 0) +
        (c.pageIndex === lastPage ? BUSINESS.lastPageBonus : 0) +
        low * BUSINESS.lowOnPageBonus;
      return { ...c, confidence: Math.min(1, c.confidence * BUSINESS.totalBase + bonus) };
    })
    .sort(byConfidence);
  const rounded = ranked[0] && (roundedTotal(doc, ranked[0]) ?? roundedBelow(doc, ranked[0]) ?? adjustedBelow(doc, ranked[0]));
  return preferTendered(doc, rounded ? [rounded, ...ranked] : ranked);
}

/**
 * Cash receipts print the total, a rounding adjustment and then the amount paid ("TOTAL 60.31", "ROUNDING ADJ
 * -0.01", "60.30"): when the adjusted total is printed on the page, that is the total.
 */
function roundedTotal(doc: ExtractDocument, best: Candidate): Candidate | null {
  const page = doc.model.pages[best.pageIndex];
  if (!page || typeof best.value !== 'number') return null;
  for (const line of page.lines) {
    if (!/\bround/i.test(line.text)) continue;
    const own = findAmounts(line.text);
    const right = rightOf(page, line);
    const adjustment = (own.length ? own : right ? findAmounts(right.text) : [])[0]?.value;
    if (adjustment === undefined || adjustment === 0 || Math.abs(adjustment) >= BUSINESS.maxRounding) continue;
    const wanted = Math.round((best.value + adjustment) * 100) / 100;
    for (const other of page.lines) {
      if (other.bbox[1] < line.bbox[1] - height(line.bbox)) continue;
      const hit = findAmounts(other.text).find((a) => Math.abs(a.value - wanted) < BUSINESS.sameAmount);
      if (hit)
        return {
          ...candidateOfLine(
            doc,
            page.page_index,
            other,
            wanted,
            hit.index,
            hit.index + hit.raw.length,
            Math.min(1, best.confidence + BUSINESS.roundedBonus),
          ),
        };
    }
  }
  return null;
}

/**
 * Without a labelled total (OCR garbled its label), the amount below a labelled subtotal that sums it with the
 * charges and taxes printed between them.
 */
function summedTotals(doc: ExtractDocument): Candidate[] {
  return amountCandidates(doc, 'subtotal')
    .filter((c) => c.amount > 0)
    .flatMap(({ amount: _a, ...c }) => summedTotal(doc, c, c.confidence * BUSINESS.summedTotalFactor) ?? [])
    .sort(byConfidence);
}

/** Without a labelled total and without tax, the subtotal is what is paid (small receipts print only "SUBTOTAL"). */
function untaxedSubtotal(doc: ExtractDocument): Candidate[] {
  if (amountCandidates(doc, 'tax').some((c) => c.amount > 0)) return [];
  return amountCandidates(doc, 'subtotal')
    .filter((c) => c.amount > 0)
    .map(({ amount: _a, ...c }) => ({ ...c, confidence: c.confidence * BUSINESS.untaxedSubtotalFactor }))
    .sort(byConfidence);
}

function plainAmount(concept: string): ConceptFinder {
  return {
    concept,
    find: (doc) =>
      amountCandidates(doc, concept)
        .map(({ amount: _a, ...c }) => c)
        .sort(byConfidence),
  };
}

function dateFinder(concept: string, fallbackTop: boolean): ConceptFinder {
  return {
    concept,
    find(doc) {
      const out: Candidate[] = [];
      for (const l of labelled(doc, concept)) {
        const d = findDates(l.valueText)[0];
        if (d)
          out.push(
            candidateFrom(doc, l, d.iso, d.index, d.index + d.raw.length, l.labelScore * LAYOUT_WEIGHT[l.layout] * BUSINESS.labelledFactor),
          );
      }
      if (fallbackTop) out.push(...firstDates(doc));
      return out.sort(byConfidence);
    },
  };
}

/** Labels of dates that are not the document's date. */
const OTHER_DATE =
  /\b(?:due|order|delivery|ship|shipped|check|period|from|until|valid|expiry|expires|birth|service|leistung|liefer|bestell|order|échéance|limite|vencimiento|scadenza|levering|termin)\w*/i;

/**
 * How far into a labelled value its date may start and still be the labelled value ("Order: 03/03/2021"), unlike
 * "ORDER NO. 1000219 11/03/2018" where the label names the number and the date is the receipt's own.
 */
const LABELLED_DATE_START = 2;

/**
 * "XK10-12-30", "SKU12/05/19": digits that read as a date but are glued to the letters before them are an item or
 * batch code, not a date (a date is set apart from what precedes it by a space or punctuation).
 */
const insideCode = (text: string, index: number) => /[\p{L}\d]$/u.test(text.slice(0, index));

/** The first dates of the first page, top down, skipping dates whose label names another date (due, order...). */
function firstDates(doc: ExtractDocument): Candidate[] {
  const page = doc.model.pages[0];
  if (!page) return [];
  const otherLabelled = new Set(
    labelledValues(doc)
      .filter((l) => l.concept === 'due_date' || OTHER_DATE.test(l.label))
      .filter(
        (l) => (findDates(l.valueText)[0]?.index ?? Infinity) <= LABELLED_DATE_START + l.valueText.length - l.valueText.trimStart().length,
      )
      .flatMap((l) => (l.line ? [l.line.id] : [])),
  );
  const out: Candidate[] = [];
  for (const line of visualLines(page)) {
    if (otherLabelled.has(line.id)) continue;
    const d = findDates(line.text).find((m) => !insideCode(line.text, m.index));
    if (d)
      out.push(
        candidateOfLine(doc, 0, line, d.iso, d.index, d.index + d.raw.length, BUSINESS.firstDate - out.length * BUSINESS.laterDateStep),
      );
    if (out.length >= BUSINESS.maxFirstDates) break;
  }
  return out;
}

const IDENTIFIER = /[#]?\s?([A-Za-z0-9][A-Za-z0-9/_.-]*\d[A-Za-z0-9/_.-]*|\d[A-Za-z0-9/_.-]*)/;

/** Document numbers: the first token with a digit after the label; not a date, not an amount with decimals. */
function identifierFinder(concept: string): ConceptFinder {
  return {
    concept,
    find(doc) {
      const out: Candidate[] = [];
      for (const l of labelled(doc, concept)) {
        const m = IDENTIFIER.exec(l.valueText);
        if (!m || m.index > BUSINESS.identifierStart) continue;
        const token = m[1].replace(/[.\-/]+$/, '');
        if (token.length < 2 || findDates(token).length || /^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(token)) continue;
        const start = l.valueText.indexOf(token, m.index);
        out.push(
          candidateFrom(doc, l, token, start, start + token.length, l.labelScore * LAYOUT_WEIGHT[l.layout] * BUSINESS.labelledFactor),
        );
      }
      return out.sort(byConfidence);
    },
  };
}

/** Short texts after a label (payment terms). */
function textFinder(concept: string): ConceptFinder {
  return {
    concept,
    find: (doc) =>
      labelled(doc, concept)
        .filter((l) => l.valueText.length <= BUSINESS.maxTextChars)
        .map((l) =>
          candidateFrom(
            doc,
            l,
            l.valueText.split('\n')[0],
            0,
            l.valueText.split('\n')[0].length,
            l.labelScore * LAYOUT_WEIGHT[l.layout] * BUSINESS.textFactor,
          ),
        )
        .sort(byConfidence),
  };
}

/** Values with a shape of their own (IBAN, e-mail, phone, website): labelled first, else anywhere in the text. */
function patternFinder(concept: string, pattern: RegExp, clean = (s: string) => s): ConceptFinder {
  return {
    concept,
    find(doc) {
      const out: Candidate[] = [];
      for (const l of labelled(doc, concept)) {
        const m = pattern.exec(l.valueText);
        if (m)
          out.push(candidateFrom(doc, l, clean(m[0]), m.index, m.index + m[0].length, BUSINESS.labelledPattern * LAYOUT_WEIGHT[l.layout]));
      }
      for (const page of doc.model.pages) {
        for (const line of visualLines(page)) {
          const m = pattern.exec(line.text);
          if (m)
            out.push(candidateOfLine(doc, page.page_index, line, clean(m[0]), m.index, m.index + m[0].length, BUSINESS.unlabelledPattern));
        }
      }
      return out.sort(byConfidence);
    },
  };
}

/** The currency stated next to the total, else the document's most frequent currency marker. */
const currencyFinder: ConceptFinder = {
  concept: 'currency',
  find(doc) {
    const out: Candidate[] = [];
    for (const l of labelled(doc, 'currency')) {
      const code = detectCurrency(l.valueText);
      if (code) out.push(candidateFrom(doc, l, code, 0, l.valueText.length, BUSINESS.labelledCurrency));
    }
    const total = totalCandidates(doc)[0];
    const near =
      total &&
      doc.model.pages[total.pageIndex]?.lines.find(
        (line) => line.bbox[1] <= total.bbox[3] && line.bbox[3] >= total.bbox[1] && detectCurrency(line.text),
      );
    if (near)
      out.push(candidateOfLine(doc, total.pageIndex, near, detectCurrency(near.text)!, 0, near.text.length, BUSINESS.totalRowCurrency));
    const counts = new Map<string, { n: number; page: number; line: Labelled['line'] }>();
    for (const page of doc.model.pages) {
      for (const line of page.lines) {
        const code = detectCurrency(line.text);
        if (!code) continue;
        const seen = counts.get(code) ?? { n: 0, page: page.page_index, line };
        seen.n++;
        counts.set(code, seen);
      }
    }
    const ranked = [...counts.entries()].sort((a, b) => b[1].n - a[1].n);
    ranked.forEach(([code, s], i) =>
      out.push(
        candidateOfLine(doc, s.page, s.line!, code, 0, s.line!.text.length, BUSINESS.frequentCurrency - i * BUSINESS.currencyRankStep),
      ),
    );
    return out.sort(byConfidence);
  },
};

const taxRateFinder: ConceptFinder = {
  concept: 'tax_rate',
  find(doc) {
    const out: Candidate[] = [];
    for (const l of [...labelled(doc, 'tax_rate'), ...labelled(doc, 'tax')]) {
      const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(`${l.label} ${l.valueText}`);
      if (!m) continue;
      const inValue = l.valueText.indexOf(m[0]);
      const c = candidateFrom(
        doc,
        l,
        Number(m[1].replace(',', '.')),
        Math.max(0, inValue),
        inValue >= 0 ? inValue + m[0].length : 0,
        l.concept === 'tax_rate' ? BUSINESS.taxRateLabel : BUSINESS.taxLabel,
      );
      if (inValue < 0) c.bbox = l.labelBox;
      out.push(c);
    }
    return out.sort(byConfidence);
  },
};

export const businessFinders: ConceptFinder[] = [
  identifierFinder('invoice_number'),
  identifierFinder('po_number'),
  identifierFinder('order_number'),
  identifierFinder('tax_id'),
  dateFinder('invoice_date', true),
  dateFinder('due_date', false),
  { concept: 'total', find: totalCandidates },
  plainAmount('subtotal'),
  plainAmount('tax'),
  taxRateFinder,
  currencyFinder,
  textFinder('payment_terms'),
  patternFinder('iban', /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/, (s) => s.replace(/\s+/g, '')),
  patternFinder('email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/),
  patternFinder('phone', /\+?\(?\d[\d\s()./-]{6,}\d/),
  patternFinder('website', /\b(?:https?:\/\/)?(?:www\.)[\w-]+(?:\.[\w-]+)+(?:\/\S*)?|https?:\/\/[\w-]+(?:\.[\w-]+)+(?:\/\S*)?/i),
  issuerFinder,
  issuerAddressFinder,
  customerFinder,
  customerAddressFinder,
];
