import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../src/pipeline/ask/mod.ts';
import { DATE } from '../src/pipeline/classify/identity.ts';
import { isSummaryLabel } from '../src/pipeline/extract/columns.ts';
import { BUSINESS_FIELDS, standardFieldOfLabel } from '../src/pipeline/extract/standard-fields.ts';
import { detectCurrency, kindHintForLabel } from '../src/pipeline/fields/mod.ts';
import { isLabelWord } from '../src/pipeline/fields/labels.ts';
import {
  alternation,
  escapeRegExp,
  phrasePattern,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  ENGLISH_MONTH_ABBREVIATIONS,
  ENGLISH_MONTHS,
  FIELD_SUBTOTAL_WORDS,
  FIELD_TAX_NAMES,
  FIELD_TAX_RATE_NAMES,
  FIELD_TOTAL_WORDS,
  LABEL_TAX_NAMES,
  LABEL_WORDS,
  MISMATCH_TAX_NAMES,
  MONTH_NAMES,
  normalizeLabel,
  normalizeText,
  plainWords,
  PRINTED_MONTHS,
  QUESTION_TAX_NAMES,
  RATE_LABEL_TAX_NAMES,
  REQUEST_CURRENCY_CODES,
  REQUEST_TAX_NAMES,
  STANDARD_FIELD_LABELS,
  SUMMARY_ROW_LABELS,
  TAX_NAMES,
  TEXT_CURRENCY_MARKS,
  tokensOf,
} from '../src/pipeline/lexicon/mod.ts';
import { findCurrency } from '../src/pipeline/synthesize/prompt-values.ts';
import { readPrompt } from '../src/pipeline/synthesize/prompt.ts';

/** The shared word lists and normalizations (issue 28), and the rules that read them. */

describe('normalizations', () => {
  it.each([
    ['Invoice No.:', 'invoice no'],
    ['Fälligkeit', 'falligkeit'],
    ['Do zapłaty', 'do zaplaty'],
    ['VAT %', 'vat'],
    ['  Bill-To  ', 'bill to'],
  ])('normalizeLabel(%j) = %j', (text, out) => expect(normalizeLabel(text)).toBe(out));

  it.each([
    ['VAT %', 'vat %'],
    ['unitPrice', 'unit price'],
    ['Wartość netto', 'wartosc netto'],
    ['Item #', 'item #'],
    ['Facture N°', 'facture n'],
    ['line_total', 'line total'],
  ])('plainWords(%j) = %j', (text, out) => expect(plainWords(text)).toBe(out));

  it.each([
    ['Facture N°', 'facture n°'],
    ["Customer's name", 'customer name'],
    ['Fälligkeitsdatum', 'fälligkeitsdatum'],
    ['invoice_number', 'invoice number'],
    ['invoiceDate', 'invoice date'],
    ['VAT %', 'vat %'],
  ])('normalizeText(%j) = %j', (text, out) => expect(normalizeText(text)).toBe(out));

  it('tokensOf splits what normalizeText leaves', () => {
    expect(tokensOf('Total_Amount (incl. VAT)')).toEqual(['total', 'amount', 'incl', 'vat']);
    expect(tokensOf('  ')).toEqual([]);
  });

  it('alternation keeps list order and escapes regex characters', () => {
    expect(alternation(['tax', 'vat'])).toBe('tax|vat');
    const re = new RegExp(`^(?:${alternation(['Rs.', 'US$'])})$`);
    expect(re.test('Rs.')).toBe(true);
    expect(re.test('US$')).toBe(true);
    expect(re.test('Rsx')).toBe(false);
  });
});

describe('word lists are written as their normalization leaves them', () => {
  it('standard-field labels, summary rows and field words in plainWords form', () => {
    const lists = [...Object.values(STANDARD_FIELD_LABELS), SUMMARY_ROW_LABELS, FIELD_SUBTOTAL_WORDS, FIELD_TOTAL_WORDS, FIELD_TAX_NAMES];
    for (const list of lists) for (const phrase of list) expect(plainWords(phrase), phrase).toBe(phrase);
  });

  it('label words and month names in normalizeLabel form', () => {
    for (const word of LABEL_WORDS) expect(normalizeLabel(word), word).toBe(word);
    for (const names of MONTH_NAMES) for (const name of names) expect(normalizeLabel(name), name).toBe(name);
  });
});

describe('taxes', () => {
  it('every subset a rule reads names taxes the lexicon knows', () => {
    const subsets = [
      QUESTION_TAX_NAMES,
      MISMATCH_TAX_NAMES,
      REQUEST_TAX_NAMES,
      RATE_LABEL_TAX_NAMES,
      LABEL_TAX_NAMES,
      FIELD_TAX_NAMES,
      FIELD_TAX_RATE_NAMES,
    ];
    for (const subset of subsets) {
      for (const name of subset) expect(TAX_NAMES.includes(name) || /^\w+ tax$/.test(name), name).toBe(true);
    }
  });

  it('a question about GST or VAT asks for the tax, one about the VAT number does not', () => {
    expect(classifyQuestion('What was the GST?').concept).toBe('tax');
    expect(classifyQuestion('How much VAT was charged?').concept).toBe('tax');
    expect(classifyQuestion('What is the VAT number?').concept).not.toBe('tax');
  });

  it('a tax name with "rate" announces a percentage; a tax name alone does not', () => {
    expect(kindHintForLabel(normalizeLabel('GST Rate'))).toBe('percent');
    expect(kindHintForLabel(normalizeLabel('BTW'))).toBeUndefined();
  });

  it('tax names are label words; a tax name the label list lacks is not', () => {
    expect(isLabelWord('MwSt')).toBe(true);
    expect(isLabelWord('HST')).toBe(true);
    expect(isLabelWord('SST')).toBe(false);
  });

  it('a request states tax rates with any of its tax names', () => {
    expect(readPrompt('An invoice from Acme GmbH to Beta AG, 19% MwSt, in euros').taxRates).toEqual([19]);
    expect(readPrompt('An invoice with 8% consumption tax in JPY').taxRates).toEqual([8]);
  });

  it('the standard tax field is named by its labels, not by a tax identifier', () => {
    expect(standardFieldOfLabel('mwst', BUSINESS_FIELDS)?.key).toBe('tax');
    expect(standardFieldOfLabel('vat number', BUSINESS_FIELDS)).toBeNull();
  });
});

describe('totals', () => {
  it.each([
    ['Zwischensumme', true],
    ['Übertrag', true],
    ['Total TTC', true],
    ['Widget, blue', false],
  ])('isSummaryLabel(%j) = %j', (label, summary) => expect(isSummaryLabel(label)).toBe(summary));
});

describe('currencies', () => {
  it('symbols and words map to known ISO codes; multi-character dollar signs come before "$"', () => {
    for (const [, code] of [...CURRENCY_SYMBOLS, ...CURRENCY_WORDS]) expect(CURRENCY_CODES.has(code), code).toBe(true);
    const plain = CURRENCY_SYMBOLS.findIndex(([s]) => s === '$');
    CURRENCY_SYMBOLS.forEach(([s], i) => {
      if (s.length > 1 && s.endsWith('$')) expect(i, s).toBeLessThan(plain);
    });
  });

  it('codes are three capital letters; the text marks are codes or currency words', () => {
    for (const code of [...CURRENCY_CODES, ...REQUEST_CURRENCY_CODES]) expect(code).toMatch(/^[A-Z]{3}$/);
    const words = new Set(CURRENCY_WORDS.map(([w]) => w));
    for (const mark of TEXT_CURRENCY_MARKS) expect(CURRENCY_CODES.has(mark) || words.has(mark), mark).toBe(true);
  });

  it('amount parsing and synthesis requests name the currency', () => {
    expect(detectCurrency('RM 12.00')).toBe('MYR');
    expect(detectCurrency('S$ 4.50')).toBe('SGD');
    expect(detectCurrency('Total 12,00 zł')).toBe('PLN');
    expect(findCurrency('paid in Kuwaiti dinars')?.code).toBe('KWD');
    expect(findCurrency('priced at 20 CHF')?.code).toBe('CHF');
    expect(findCurrency('costs £5')?.code).toBe('GBP');
  });
});

describe('months', () => {
  it('twelve months in every list, January first', () => {
    expect(ENGLISH_MONTHS).toHaveLength(12);
    expect(ENGLISH_MONTH_ABBREVIATIONS).toEqual(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']);
    expect(MONTH_NAMES).toHaveLength(12);
    MONTH_NAMES.forEach((names, i) => {
      expect(names).toContain(ENGLISH_MONTHS[i]);
      expect(names).toContain(ENGLISH_MONTH_ABBREVIATIONS[i]);
    });
    for (const months of Object.values(PRINTED_MONTHS)) expect(months).toHaveLength(12);
    expect(PRINTED_MONTHS.en[0]).toBe('January');
    expect(PRINTED_MONTHS.de[2]).toBe('März');
  });

  it('a page states a date with an English month name or abbreviation', () => {
    expect('Dated 3 March 2021; due Sep 14, 2020; not 14 Smarch 2020'.match(DATE)).toEqual(['3 March 2021', 'Sep 14, 2020']);
  });

  it('a month name in a request is not read as a party', () => {
    expect(readPrompt('An invoice from March to Beta AG').from).toBeNull();
  });
});

describe('lexicon patterns', () => {
  it('escapes every regex character, so a name matches only itself', () => {
    const name = 'A.B (Holdings) [1+2]* $5? ^x|y\\z {n}';
    expect(new RegExp(`^${escapeRegExp(name)}$`).test(name)).toBe(true);
    expect(new RegExp(escapeRegExp('A.B')).test('AxB')).toBe(false);
  });

  it('finds a phrase whatever stands between its words, in any case, and only in order', () => {
    const pattern = phrasePattern(['payment', 'ref']);
    expect(pattern.exec('Our Payment-Ref.: 42')?.[0]).toBe('Payment-Ref');
    expect(pattern.test('payment_ref')).toBe(true);
    expect(pattern.test('ref payment')).toBe(false);
  });
});
