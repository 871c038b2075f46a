import { describe, expect, it } from 'vitest';
import { contractFinders } from '../src/pipeline/extract/concepts/contract/mod.ts';
import type { Candidate, ExtractDocument, SchemaField } from '../src/pipeline/extract/types.ts';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { paragraphsPage } from './helpers/layout-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/**
 * Contract concept finders on contracts drawn with mupdf (Helvetica, US Letter) and read through the real text
 * layer and layout analysis: each value typed and normalised, and grounded to the words that print it.
 */

function documentOf(pdf: Buffer): ExtractDocument {
  return { model: modelOfPdf(pdf), keyValues: [], tables: [], docClass: 'nda_contract' };
}

function find(doc: ExtractDocument, concept: string): Candidate[] {
  const finder = contractFinders.find((f) => f.concept === concept)!;
  const field: SchemaField = { key: concept, description: '', type: 'string', array: concept === 'party' };
  return finder.find(doc, field);
}

/** Every word of the page that is part of `text` lies inside `box` (the value's grounding). */
function expectGrounded(doc: ExtractDocument, c: Candidate, printed: string) {
  const pageModel: ModelPage = doc.model.pages[c.pageIndex];
  expect(c.text.replace(/\s+/g, ' ')).toBe(printed);
  expect(c.source).toBe('text');
  const words = pageModel.lines.flatMap((l) => l.words);
  const tokens = printed.split(/\s+/);
  for (const token of tokens) {
    const inside = words.filter(
      (w) =>
        w.text.replace(/[,.;]+$/, '') === token.replace(/[,.;]+$/, '') &&
        w.bbox[0] >= c.bbox[0] - 0.5 &&
        w.bbox[2] <= c.bbox[2] + 0.5 &&
        w.bbox[1] >= c.bbox[1] - 0.5 &&
        w.bbox[3] <= c.bbox[3] + 0.5,
    );
    expect(inside.length, `word "${token}" inside the value box`).toBeGreaterThan(0);
  }
  const blockIds = new Set(pageModel.blocks.map((b) => b.id));
  expect(c.regionIds.length).toBeGreaterThan(0);
  for (const id of c.regionIds) expect(blockIds.has(id)).toBe(true);
  expect(
    pageModel.blocks
      .filter((b) => c.regionIds.includes(b.id))
      .map((b) => b.text)
      .join(' ')
      .replace(/\s+/g, ' '),
  ).toContain(tokens[0]);
}

const NDA = helveticaPdf([
  paragraphsPage([
    { text: 'MUTUAL NON-DISCLOSURE AGREEMENT', bold: true, size: 14 },
    {
      text: 'This Mutual Non-Disclosure Agreement (the "Agreement") is made this 5th day of March, 2013 by and between Northwind Traders, Inc., a Delaware corporation ("Northwind"), and Contoso Labs LLC, a California limited liability company ("Contoso").',
    },
    {
      text: 'WHEREAS, the parties wish to evaluate a possible business relationship and to exchange confidential information for that purpose, the parties agree as follows:',
    },
    {
      text: '1. Confidential Information. "Confidential Information" means all non-public information disclosed by one party to the other, in any form, that is marked or identified as confidential at the time of disclosure.',
    },
    {
      text: '2. Notices. Each party shall notify the other within thirty (30) days of any unauthorised disclosure of Confidential Information.',
    },
  ]),
  paragraphsPage([
    {
      text: '3. Non-Solicitation. During the term of this Agreement and for a period of one (1) year thereafter, neither party shall solicit any employee of the other party.',
    },
    {
      text: '4. Term. This Agreement shall remain in effect for a period of three (3) years from the date hereof, unless terminated earlier by either party on written notice.',
    },
    {
      text: '5. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles. The courts of New York County shall have jurisdiction.',
    },
  ]),
  paragraphsPage([
    { text: 'IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.' },
    { text: 'NORTHWIND TRADERS, INC.' },
    { text: 'By: Jane Alvarez, Chief Executive Officer' },
    { text: 'CONTOSO LABS LLC' },
    { text: 'By: Omar Haddad, Managing Member' },
  ]),
]);

const LETTER = helveticaPdf([
  paragraphsPage([
    { text: 'CONFIDENTIALITY AND NON-COMPETITION AGREEMENT', bold: true, size: 14 },
    {
      text: 'This Confidentiality and Non-Competition Agreement is dated as of September 14, 2020 among Altair Holdings Limited, a company organized under the laws of the British Virgin Islands ("Altair"), Meridian Software AG, a company organized under the laws of Switzerland ("Meridian"), and Peter J. Olsen ("Employee").',
    },
    { text: 'NOW, THEREFORE, in consideration of the mutual promises herein, the parties agree as follows:' },
    { text: '1. The obligations of this Agreement shall continue for a term of 24 months after the Effective Date.' },
    {
      text: '2. This Agreement shall be governed by the laws of England and Wales, and the parties submit to the courts of England and Wales.',
    },
  ]),
]);

describe('contract concept finders', () => {
  const nda = documentOf(NDA);

  it('reads the effective date from the preamble as ISO', () => {
    const [best] = find(nda, 'effective_date');
    expect(best.value).toBe('2013-03-05');
    expect(best.pageIndex).toBe(0);
    expectGrounded(nda, best, '5th day of March, 2013');
    expect(best.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('reads the governing law state as printed, not the court county', () => {
    const [best, ...rest] = find(nda, 'jurisdiction');
    expect(best.value).toBe('New York');
    expect(best.pageIndex).toBe(1);
    expectGrounded(nda, best, 'New York');
    for (const other of rest) expect(other.confidence).toBeLessThan(best.confidence);
  });

  it('names both parties of the preamble without their descriptions, in order', () => {
    const parties = find(nda, 'party');
    expect(parties.map((p) => p.value)).toEqual(['Northwind Traders, Inc.', 'Contoso Labs LLC']);
    expectGrounded(nda, parties[1], 'Contoso Labs LLC');
    expect(parties.every((p) => p.pageIndex === 0)).toBe(true);
  });

  it('normalises the agreement term and leaves restriction and notice periods out', () => {
    const terms = find(nda, 'term');
    expect(terms.map((t) => t.value)).toEqual(['3 years']);
    expectGrounded(nda, terms[0], 'three (3) years');
  });

  it('reads a three-party preamble with "among", a dated-as-of date and a non-US jurisdiction', () => {
    const doc = documentOf(LETTER);
    expect(find(doc, 'effective_date')[0].value).toBe('2020-09-14');
    expect(find(doc, 'jurisdiction')[0].value).toBe('England and Wales');
    expect(find(doc, 'party').map((p) => p.value)).toEqual(['Altair Holdings Limited', 'Meridian Software AG', 'Peter J. Olsen']);
    expect(find(doc, 'term')[0].value).toBe('24 months');
  });

  it('reads the term from the clause that ends the agreement, not from restrictions or deadlines beside it', () => {
    const doc = documentOf(
      helveticaPdf([
        paragraphsPage([
          { text: 'CONFIDENTIALITY AGREEMENT', bold: true, size: 14 },
          {
            text: 'This Confidentiality Agreement is entered into as of April 2, 2022 by and between Harbor Analytics, Inc. and Quayside Partners LLC.',
          },
          {
            text: '7. For a period of 15 months after the date of this Agreement, neither party shall solicit for employment any employee of the other party.',
          },
          {
            text: '8. The Recipient shall give notice within ninety (90) days of any loss, and this Agreement shall continue in full force and effect if the loss occurs within twenty-one (21) days of a disclosure.',
          },
          {
            text: '9. Except for Section 7, which shall survive, this Agreement shall expire upon the date that is two years after the date of this Agreement.',
          },
        ]),
      ]),
    );
    const terms = find(doc, 'term');
    expect(terms.map((t) => t.value)).toEqual(['2 years']);
    expectGrounded(doc, terms[0], 'two years');
  });

  it('reads an anniversary or a duration counted from the Effective Date as the term, with the digits in parentheses as the number', () => {
    const anniversary = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: 'This NDA shall continue until the earlier of (i) the second (2nd) anniversary of the date hereof and (ii) the closing of a transaction.',
          },
        ]),
      ]),
    );
    expect(find(anniversary, 'term').map((t) => t.value)).toEqual(['2 years']);
    const lapse = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: 'This Agreement will terminate and no longer be of any force or effect twenty-four (24) months from the Effective Date.',
          },
        ]),
      ]),
    );
    expect(find(lapse, 'term').map((t) => t.value)).toEqual(['24 months']);
  });

  it('takes a letter agreement\'s printed date when the letter refers to "the date hereof"', () => {
    const doc = documentOf(
      helveticaPdf([
        paragraphsPage([
          { text: 'Exhibit 99.4' },
          { text: 'October 14, 2019' },
          { text: 'Ladies and Gentlemen:' },
          {
            text: 'You have requested information about the Company. You agree that all information furnished to you on or after the date hereof shall be kept confidential.',
          },
        ]),
      ]),
    );
    const [best] = find(doc, 'effective_date');
    expect(best.value).toBe('2019-10-14');
    expectGrounded(doc, best, 'October 14, 2019');
  });

  it('reads a date whose ordinal the text layer set apart ("3 rd , 2017")', () => {
    const doc = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: 'THIS NONDISCLOSURE AGREEMENT is made as of November 3 rd , 2017 by and between Harbor Analytics, Inc. and Quayside Partners LLC.',
          },
        ]),
      ]),
    );
    expect(find(doc, 'effective_date')[0].value).toBe('2017-11-03');
  });

  it('takes the latest signature date when the agreement is effective on the last date of execution', () => {
    const doc = documentOf(
      helveticaPdf([
        paragraphsPage([
          { text: '1. PARTIES. This Agreement is between Harbor Analytics, Inc. and Quayside Partners LLC.' },
          {
            text: '2. EFFECTIVE DATE. This Agreement is effective as of the last date of execution by both parties and may be terminated by either party on written notice.',
          },
          {
            text: "3. Each party shall keep the other party's information confidential and use it only to evaluate the project described above.",
          },
          { text: 'HARBOR ANALYTICS, INC. Signature /s/ Ann Example' },
          { text: 'Date 3/14/21' },
          { text: 'QUAYSIDE PARTNERS LLC Signature /s/ Ben Example' },
          { text: 'Date 3/16/21' },
        ]),
      ]),
    );
    const [best] = find(doc, 'effective_date');
    expect(best.value).toBe('2021-03-16');
    expect(best.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it("proposes no effective date from another document's date, an amendment's date, or a preamble left blank", () => {
    const recital = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: 'This Non-Competition Agreement is entered into as of ____________, 2021 by and between Harbor Analytics, Inc. and Jane Example.',
          },
          {
            text: 'WHEREAS, pursuant to that certain Agreement and Plan of Merger dated as of August 4, 2021 (the "Merger Agreement"), the companies will merge.',
          },
          { text: 'Date: August 20, 2021' },
        ]),
      ]),
    );
    expect(find(recital, 'effective_date')).toEqual([]);
    const amendment = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: 'This Amendment No. 1, dated as of June 2, 2014, amends the Services Agreement dated as of March 3, 2012 between Harbor Analytics, Inc. and Quayside Partners LLC.',
          },
        ]),
      ]),
    );
    expect(find(amendment, 'effective_date').map((d) => d.value)).not.toContain('2014-06-02');
  });

  it('leaves a defined role, a title and the next numbered section out of the parties', () => {
    const titled = documentOf(
      helveticaPdf([
        paragraphsPage([
          { text: 'Confidentiality Agreement' },
          {
            text: 'Confidentiality Agreement by and between Northwind Traders Corporation, a New York corporation ("Northwind") and Contoso Labs, Inc., a Delaware corporation ("Licensee")',
          },
          { text: 'Licensee and Northwind wish to exchange information about a possible business relationship.' },
        ]),
      ]),
    );
    expect(find(titled, 'party').map((p) => p.value)).toEqual(['Northwind Traders Corporation', 'Contoso Labs, Inc.']);
    const numbered = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: '1. PARTIES. This Agreement is between Northwind Traders Corporation and Contoso Labs, Inc., each having the address set forth below. 2. PURPOSE OF DISCLOSURE. The parties are evaluating a business relationship.',
          },
        ]),
      ]),
    );
    expect(find(numbered, 'party').map((p) => p.value)).toEqual(['Northwind Traders Corporation', 'Contoso Labs, Inc.']);
  });

  it('reads the next party after "and," in the preamble', () => {
    const doc = documentOf(
      helveticaPdf([
        paragraphsPage([
          {
            text: 'This Agreement is made by and between Northwind Traders, Inc., a Delaware corporation (the "Company") and, Contoso Labs Incorporated, a Delaware corporation (the "Employer").',
          },
        ]),
      ]),
    );
    expect(find(doc, 'party').map((p) => p.value)).toEqual(['Northwind Traders, Inc.', 'Contoso Labs Incorporated']);
  });

  it('proposes nothing for a document without contract language', () => {
    const doc = documentOf(
      helveticaPdf([
        paragraphsPage([
          { text: 'INVOICE 2024-118', bold: true, size: 14 },
          {
            text: 'Bill to: Fabrikam Stores, 12 Harbour Road, Leeds. Item: 40 hours of consulting at 120.00 per hour. Total due 4,800.00 GBP.',
          },
        ]),
      ]),
    );
    for (const concept of ['effective_date', 'jurisdiction', 'party', 'term']) expect(find(doc, concept), concept).toEqual([]);
  });
});
