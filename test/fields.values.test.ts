import { describe, expect, it } from 'vitest';
import {
  detectCurrency,
  findAmounts,
  findDates,
  guessDateOrder,
  normalizeLabel,
  parseAmount,
  parseDate,
  parseValue,
} from '../src/pipeline/fields/mod.ts';

describe('parseAmount', () => {
  it.each([
    ['1.234,56', 1234.56, undefined],
    ['1,234.56', 1234.56, undefined],
    ['1 234,56', 1234.56, undefined],
    ["1'234.56", 1234.56, undefined],
    ['1,23,456.00', 123456, undefined],
    ['$12.50', 12.5, 'USD'],
    ['12,50 €', 12.5, 'EUR'],
    ['€ 4.904,94', 4904.94, 'EUR'],
    ['EUR 12.50', 12.5, 'EUR'],
    ['12.50 USD', 12.5, 'USD'],
    ['£7.00', 7, 'GBP'],
    ['₹ 500', 500, 'INR'],
    ['Rs 1939', 1939, 'INR'],
    ['Rs. 1,939.00', 1939, 'INR'],
    ['RM 12.00', 12, 'MYR'],
    ['S$ 10.00', 10, 'SGD'],
    ["CHF 1'250.00", 1250, 'CHF'],
    ['99,99 zł', 99.99, 'PLN'],
    ['1 299,00 PLN', 1299, 'PLN'],
    ['-12.00', -12, undefined],
    ['(12.00)', -12, undefined],
    ['12.00-', -12, undefined],
    ['€-12.50', -12.5, 'EUR'],
    ['-€12.50', -12.5, 'EUR'],
    ['0.750', 0.75, undefined],
    ['1,234', 1234, undefined],
    ['1.234', 1234, undefined],
    ['12,5', 12.5, undefined],
    ['4.11*', 4.11, undefined],
  ])('%s', (text, value, currency) => {
    const a = parseAmount(text);
    expect(a?.value).toBe(value);
    expect(a?.currency).toBe(currency);
  });

  it.each(['', 'abc', '$', 'Total', '12.3.4', '1,2,3', '(12.00', '12 apples', 'EUR USD 12', '1.23.456,7'])('rejects %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('reads a bare "$" in the currency the context names, and applies the context to unmarked amounts', () => {
    expect(parseAmount('$ 20.00', { currency: 'SGD' })).toEqual({ value: 20, currency: 'SGD' });
    expect(parseAmount('$ 20.00', { currency: 'EUR' })).toEqual({ value: 20, currency: 'USD' });
    expect(parseAmount('34,73', { currency: 'EUR' })).toEqual({ value: 34.73, currency: 'EUR' });
  });
});

describe('findAmounts', () => {
  it('finds money in running text and skips years, codes, percentages and dates', () => {
    const text = 'Total TTC : 56,02 € paid 2014 by Rs 1939; IBAN FR76 10107; VAT 20% on 12.03.2021 and (3.00)';
    const found = findAmounts(text, findDates(text));
    expect(found.map((a) => [a.value, a.currency])).toEqual([
      [56.02, 'EUR'],
      [1939, 'INR'],
      [-3, undefined],
    ]);
    for (const a of found) expect(text.slice(a.index, a.index + a.raw.length)).toBe(a.raw);
  });

  it("reads OCR's space after the decimal separator only after a currency mark", () => {
    expect(findAmounts('TOTAL. RM 64. 15').map((a) => [a.raw, a.value, a.currency])).toEqual([['RM 64. 15', 64.15, 'MYR']]);
    expect(findAmounts('Section 3. 12 members')).toEqual([]);
    expect(parseAmount('RM 100. 00')).toEqual({ value: 100, currency: 'MYR' });
  });

  it('reads a spaced decimal that is the whole text (a value cell read on its own)', () => {
    expect(findAmounts(' 41. 00').map((a) => [a.raw, a.value])).toEqual([['41. 00', 41]]);
    expect(parseAmount('52. 19')).toEqual({ value: 52.19 });
    expect(findAmounts('-0. 03').map((a) => a.value)).toEqual([-0.03]);
    expect(findAmounts('Grand Total RM17 .40').map((a) => a.value)).toEqual([17.4]);
    expect(findAmounts('Item 12 .30 x')).toEqual([]);
    expect(findAmounts('Item 3. 12')).toEqual([]);
  });

  it('reads OCR\'s "S8.20" as dollars, keeping the printed text, but no S inside a word', () => {
    expect(findAmounts('Nett Total: S8.20').map((a) => [a.raw, a.value, a.currency])).toEqual([['S8.20', 8.2, 'USD']]);
    expect(findAmounts('ABS8.20 US8.20')).toEqual([]);
  });

  it("leaves the text's dates alone without being told", () => {
    expect(findAmounts('12.03.21 and 2021-03-04 and 03.03.2021 cost 45.00').map((a) => a.value)).toEqual([45]);
  });
});

describe('detectCurrency', () => {
  it.each([
    ['Total 12 zł', 'PLN'],
    ['Rs. 500', 'INR'],
    ['₹500', 'INR'],
    ['RM 3.00', 'MYR'],
    ['Amount (EUR)', 'EUR'],
    ['US$ 5', 'USD'],
    ['£5', 'GBP'],
    ['S$5', 'SGD'],
  ])('%s -> %s', (text, code) => expect(detectCurrency(text)).toBe(code));

  it.each(['FORM 12', 'EUROPE', 'Thursday', 'no money here'])('none in %j', (text) => expect(detectCurrency(text)).toBeNull());
});

describe('parseDate', () => {
  it.each([
    ['2021-03-03', '2021-03-03'],
    ['2021/3/3', '2021-03-03'],
    ['03.03.2021', '2021-03-03'],
    ['28/11/2022', '2022-11-28'],
    ['12/31/2020', '2020-12-31'],
    ['01/02/2020', '2020-02-01'],
    ['20-10-2015', '2015-10-20'],
    ['15.10.15', '2015-10-15'],
    ['3rd of March 2021', '2021-03-03'],
    ['Mar 3, 2021', '2021-03-03'],
    ['August 3 , 2014', '2014-08-03'],
    ['Sept. 10, 2019', '2019-09-10'],
    ['03-MAR-21', '2021-03-03'],
    ['Monday, 3 March 2021', '2021-03-03'],
    ['03/03/2021 14:05', '2021-03-03'],
    ['3. März 2021', '2021-03-03'],
    ['7. Mai 2014', '2014-05-07'],
    ['le 3 mars 2021', '2021-03-03'],
    ['1 janv. 2020', '2020-01-01'],
    ['3 de marzo de 2021', '2021-03-03'],
    ['5 gennaio 2021', '2021-01-05'],
    ['29 maart 2014', '2014-03-29'],
    ['3 marca 2021', '2021-03-03'],
    ['15 października 2020', '2020-10-15'],
    ['1 stycznia 2022', '2022-01-01'],
    ['05/SEP/2020', '2020-09-05'],
    ['14-AUG-2019 09:15:07 AM', '2019-08-14'],
    ['3 JUN 19 14:05:10', '2019-06-03'],
    ['21 0CT 2016', '2016-10-21'],
    ['3 N0V 2020', '2020-11-03'],
    ['14 Aug -2019', '2019-08-14'],
    ['14082019 09:05:33', '2019-08-14'],
  ])('%s -> %s', (text, iso) => expect(parseDate(text)).toBe(iso));

  it('uses the order hint only where the numbers leave the order open', () => {
    expect(parseDate('01/02/2020', 'mdy')).toBe('2020-01-02');
    expect(parseDate('01/02/2020', 'dmy')).toBe('2020-02-01');
    expect(parseDate('28/11/2022', 'mdy')).toBe('2022-11-28');
  });

  it.each(['', 'hello', '2021', '12.50', '31/02/2021', '13/13/2020', '3 Marchy 2021', 'Invoice 2021-03-03 paid', '2021-03-03 2021-04-04'])(
    'rejects %j',
    (text) => expect(parseDate(text)).toBeNull(),
  );

  it('reads eight digits as a date only when a time of day follows', () => {
    expect(findDates('Invoice 14082019').map((d) => d.iso)).toEqual([]);
    expect(findDates('00731 14082019 09:05:33').map((d) => d.iso)).toEqual(['2019-08-14']);
  });

  it('finds dates in running text without reading a range end as a year', () => {
    const found = findDates('Billing period July 1 - July 31 , 2014; issued 06/12/2022.');
    expect(found.map((d) => d.iso)).toEqual(['2014-07-31', '2022-12-06']);
  });

  it("guesses the day/month order from the document's dates", () => {
    expect(guessDateOrder(['Date: 12/31/2020', 'Due: 01/02/2021'])).toBe('mdy');
    expect(guessDateOrder(['28/11/2022', '01/02/2020'])).toBe('dmy');
    expect(guessDateOrder(['01/02/2020', 'no dates'])).toBeNull();
  });
});

describe('parseValue', () => {
  it.each([
    ['$4.11', 'amount', 4.11],
    ['1.234,56 EUR', 'amount', 1234.56],
    ['August 3, 2014', 'date', '2014-08-03'],
    ['14.50%', 'percent', 14.5],
    ['- 5 %', 'percent', -5],
    ['12 kg', 'quantity', 12],
    ['10 hrs', 'quantity', 10],
    ['3', 'quantity', 3],
    ['42183017', 'identifier', '42183017'],
    ['INV-2024-0417', 'identifier', 'INV-2024-0417'],
    ['FR76 10107 00245 00617052317 39', 'identifier', 'FR76 10107 00245 00617052317 39'],
    ['John@Example.com', 'email', 'john@example.com'],
    ['www.flipkart.com', 'url', 'www.flipkart.com'],
    ['https://example.org/a?b=1', 'url', 'https://example.org/a?b=1'],
    ['+1 (555) 123-4567', 'phone', '+15551234567'],
    ['01 71 17 61 67', 'phone', '0171176167'],
    ['☑', 'boolean', true],
    ['☐', 'boolean', false],
    ['[x]', 'boolean', true],
    ['Contoso Pharmacy', 'text', 'Contoso Pharmacy'],
  ])('%s is %s', (text, kind, value) => {
    const v = parseValue(text);
    expect(v.kind).toBe(kind);
    expect(v.value).toBe(value);
    expect(v.raw).toBe(text.replace(/\s+/g, ' '));
  });

  it('keeps the unit and currency', () => {
    expect(parseValue('12 kg').unit).toBe('kg');
    expect(parseValue('Rs 1939').currency).toBe('INR');
  });

  it('forces a kind when asked, and falls back to text on garbage', () => {
    expect(parseValue('8756390642', 'phone')).toMatchObject({ kind: 'phone', value: '8756390642' });
    expect(parseValue('1939', 'amount')).toMatchObject({ kind: 'amount', value: 1939 });
    expect(parseValue('abc', 'amount')).toEqual({ kind: 'text', raw: 'abc', value: 'abc' });
    expect(parseValue('not a date', 'date').kind).toBe('text');
    expect(parseValue('x@', 'email').kind).toBe('text');
    expect(parseValue('01/02/2020', 'date', { dateOrder: 'mdy' }).value).toBe('2020-01-02');
  });
});

describe('normalizeLabel', () => {
  it.each([
    ['Invoice No.:', 'invoice no'],
    ['Numéro  de dossier :', 'numero de dossier'],
    ['Service tax #', 'service tax'],
    ['Facture n°', 'facture n'],
    ['Data płatności', 'data platnosci'],
  ])('%s -> %s', (text, key) => expect(normalizeLabel(text)).toBe(key));
});
