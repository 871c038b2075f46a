import { describe, expect, it } from 'vitest';
import { answerQuestion, classifyQuestion, NOT_FOUND, type AnswerDraft } from '../src/pipeline/ask/mod.ts';
import { entitiesOf } from '../src/pipeline/ask/entities.ts';
import { askDocument, bm25, type AskTestDocument } from './helpers/ask-docs.ts';
import { charBox } from './helpers/invoice-pdfs.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { paragraphsPage } from './helpers/layout-pdfs.ts';
import { tablePdf, type TableSpec } from './helpers/table-pdfs.ts';

/**
 * Evidence that holds on documents nobody tuned for: the state a party is organised in read from how it is
 * described ("X, a <State> corporation", "organized under the laws of the State of Y"), table cells looked up by
 * row label and column header, and a section heading never taken as the value it introduces. Every document is
 * drawn here with invented names; retrieval is a small BM25 over the units, as in ask.engine.test.ts.
 */

function ask(docs: AskTestDocument[], text: string): AnswerDraft {
  const question = classifyQuestion(text);
  return answerQuestion({
    question,
    docs,
    hits: bm25(
      docs.flatMap((d) => d.units),
      question.query,
    ),
  });
}

function expectCites(answer: AnswerDraft, pdf: Buffer, pageIndex: number, needle: string) {
  const box = charBox(pdf, pageIndex, needle);
  const holds = answer.citations.some(
    (c) =>
      c.pageIndex === pageIndex && c.bbox[0] <= box[0] + 1 && c.bbox[1] <= box[1] + 1 && c.bbox[2] >= box[2] - 1 && c.bbox[3] >= box[3] - 1,
  );
  expect(holds, `a citation holds "${needle}": ${JSON.stringify(answer.citations)}`).toBe(true);
}

const AGREEMENT_PDF = helveticaPdf([
  paragraphsPage([
    { text: 'CONFIDENTIALITY AGREEMENT', bold: true, size: 14 },
    {
      text: 'This Confidentiality Agreement is entered into as of June 2, 2021 by and between Brambleford Widgets, Inc., a Nevada corporation ("Brambleford"), and Quillmark Systems LLC, a limited liability company organized and existing under the laws of the State of Oregon ("Quillmark").',
    },
    { text: '1. Use. The receiving party shall use the information only to evaluate a possible supply arrangement for garden tools.' },
    { text: '2. Governing Law. This Agreement shall be governed by the laws of the State of Vermont.' },
  ]),
]);

const PLAIN_PDF = helveticaPdf([
  paragraphsPage([
    { text: 'LETTER AGREEMENT', bold: true, size: 14 },
    { text: 'This letter agreement is made between Brambleford Widgets and Quillmark Systems on June 2, 2021.' },
    { text: '1. Governing Law. This letter agreement shall be governed by the laws of the State of Vermont.' },
  ]),
]);

describe('the state a party is organised in', () => {
  const agreement = askDocument('doc_agr', AGREEMENT_PDF);

  it('types the question as a place of incorporation, not the governing law or the parties', () => {
    for (const text of [
      'In which state is Brambleford Widgets incorporated?',
      'Under the laws of which state is the disclosing party organized?',
      'Where is Quillmark domiciled?',
    ]) {
      const q = classifyQuestion(text);
      expect([q.concept, q.expects, q.relation], text).toEqual([null, 'place', 'incorporation']);
    }
    expect(classifyQuestion("Which state's law governs this agreement?").relation).toBeUndefined();
  });

  it('reads a place by where it is printed, not from a list of names', () => {
    const incorporation = (text: string) =>
      entitiesOf(text, 'place')
        .filter((e) => e.role === 'incorporation')
        .map((e) => e.text);
    expect(incorporation('Harlow Pell Partners, a New Carthia limited liability company, and Dunmore Ltd')).toEqual(['New Carthia']);
    expect(incorporation('Oster Veil Inc., a Westmarch Corporation ("Oster")')).toEqual(['Westmarch']);
    expect(
      incorporation(
        'Tamsin Group, a company incorporated in Lower Vandria, and Ebbe Corp., a corporation duly organized and validly existing under the laws of the Province of Kestria',
      ),
    ).toEqual(['Lower Vandria', 'Kestria']);
    expect(incorporation('This Agreement is governed by the laws of the State of Ostmark and is a Binding Agreement.')).toEqual([]);
    expect(incorporation('Wren Holdings, a Limited Liability Company')).toEqual([]);
  });

  it('reads "X, a <State> corporation"', () => {
    const answer = ask([agreement], 'In which state is Brambleford Widgets incorporated?');
    expect(answer).toMatchObject({ text: 'Nevada', found: true, source: 'entity' });
    expectCites(answer, AGREEMENT_PDF, 0, 'Nevada');
  });

  it('reads "organized under the laws of the State of Y" for the party named before it', () => {
    const answer = ask([agreement], 'In which state is Quillmark Systems organized?');
    expect(answer).toMatchObject({ text: 'Oregon', found: true });
    expectCites(answer, AGREEMENT_PDF, 0, 'Oregon');
  });

  it('still answers the governing law from the governing-law clause', () => {
    expect(ask([agreement], "Which state's law governs this agreement?").text).toBe('Vermont');
  });

  it('says "not found" when the document names no place of organisation (the governing law is not one)', () => {
    const plain = askDocument('doc_plain', PLAIN_PDF);
    expect(ask([plain], 'In which state is Brambleford Widgets incorporated?')).toMatchObject({ text: NOT_FOUND, found: false });
  });
});

/** A code column before the row label, so the label is not the row's first word cell. */
const LEASES: TableSpec = {
  colX: [72, 150, 300, 420, 540],
  rowY: [640, 622, 604, 586, 568],
  headerRows: 1,
  ruled: true,
  cells: [
    ['Code', 'Site', 'Lease end', 'Monthly rent'],
    ['K-11', 'Harrowgate Depot', '30/09/2027', '4,250.00'],
    ['K-12', 'Sallowmere Yard', '31/03/2026', '2,980.00'],
    ['K-15', 'Tindle Wharf', '15/01/2029', '6,100.00'],
  ].flatMap((r, row) => r.map((s, col) => ({ row, col, lines: [s], bold: row === 0 }))),
};

describe('table cells', () => {
  const pdf = tablePdf(LEASES);
  const leases = askDocument('doc_leases', pdf);

  it('reads the cell at the row label and column header the question names, typed as asked', () => {
    expect(leases.doc.tables.length).toBeGreaterThan(0);
    const rent = ask([leases], 'What is the monthly rent of Sallowmere Yard?');
    expect(rent).toMatchObject({ text: '2,980.00', found: true, source: 'table_cell' });
    expectCites(rent, pdf, 0, '2,980.00');
    const end = ask([leases], 'When does the lease of Tindle Wharf end?');
    expect(end).toMatchObject({ text: '15/01/2029', found: true, source: 'table_cell' });
    expectCites(end, pdf, 0, '15/01/2029');
  });

  it('looks a table up even when retrieval returned none of its rows', () => {
    const question = classifyQuestion('What is the monthly rent of Harrowgate Depot?');
    const answer = answerQuestion({ question, docs: [leases], hits: [] });
    expect(answer).toMatchObject({ text: '4,250.00', found: true, source: 'table_cell' });
  });
});

const HEADED_PDF = helveticaPdf([
  paragraphsPage([
    { text: 'SUPPLY TERMS', bold: true, size: 14 },
    { text: 'Scope of Services', bold: true, size: 12 },
    { text: 'The supplier will deliver seasonal bulbs and planting soil to each listed nursery every second Tuesday.' },
    { text: 'Notice Address', bold: true, size: 12 },
    { text: 'Letters go to 14 Copperbeck Lane, Wendlow.' },
  ]),
]);

describe('headings', () => {
  const headed = askDocument('doc_headed', HEADED_PDF);

  it('answers with the text a heading introduces, never the heading itself', () => {
    const answer = ask([headed], 'What is the scope of services?');
    expect(answer.found).toBe(true);
    expect(answer.text).not.toBe('Scope of Services');
    expect(answer.text).toContain('seasonal bulbs');
    expectCites(answer, HEADED_PDF, 0, 'seasonal bulbs');
  });
});

const UNPHRASED_PDF = helveticaPdf([
  paragraphsPage([
    { text: 'EVALUATION LETTER', bold: true, size: 14 },
    {
      text: 'Ferncastle Ltd and Orrin Pike agree that this Agreement binds each of them until eighteen (18) months pass after the last disclosure.',
    },
  ]),
]);

describe('a concept the finder does not read', () => {
  it("is answered from a typed value near the question's words", () => {
    const doc = askDocument('doc_unphrased', UNPHRASED_PDF);
    const answer = ask([doc], 'How long is the term of the agreement?');
    expect(answer).toMatchObject({ found: true, source: 'entity' });
    expect(answer.text).toBe('eighteen (18) months');
    expectCites(answer, UNPHRASED_PDF, 0, 'eighteen');
  });
});

/** A form printed as a two-column grid: labels left, values right, no header. */
const FORM: TableSpec = {
  colX: [72, 240, 420],
  rowY: [640, 622, 604, 586],
  headerRows: 0,
  ruled: true,
  cells: [
    ['Tenant', 'Nimbus Orchard Co'],
    ['Lease start', '01/02/2024'],
    ['Deposit held', '3,150.00'],
  ].flatMap((r, row) => r.map((s, col) => ({ row, col, lines: [s] }))),
};

describe('a form printed as a grid', () => {
  const pdf = tablePdf(FORM);
  const form = askDocument('doc_form', pdf);

  it('answers from the value right of the label the question names, of the kind it asks for', () => {
    expect(form.doc.tables.length).toBeGreaterThan(0);
    const start = ask([form], 'When does the lease start?');
    expect(start).toMatchObject({ text: '01/02/2024', found: true });
    expectCites(start, pdf, 0, '01/02/2024');
    const deposit = ask([form], 'How much is the deposit held?');
    expect(deposit).toMatchObject({ text: '3,150.00', found: true });
  });
});

const MARKS_PDF = helveticaPdf([
  paragraphsPage([{ text: 'PELLWORTH GARDEN SUPPLIES', bold: true }, { text: 'Reference: *' }, { text: 'Customer Note: .' }]),
]);

describe('a value prints a letter or digit', () => {
  it('takes no lone mark as an answer: "not found" rather than "*" or "."', () => {
    const doc = askDocument('doc_marks', MARKS_PDF);
    for (const text of ['What is the reference?', 'What is the customer note?']) {
      expect(ask([doc], text), text).toMatchObject({ text: NOT_FOUND, found: false });
    }
  });
});

const LETTER_PDF = helveticaPdf([
  paragraphsPage([
    { text: 'March 14, 2019' },
    { text: 'Quenby Ashworth Holdings' },
    { text: 'Ladies and Gentlemen:' },
    {
      text: 'You have asked Larkspur Tide Inc. for information about its orchard business. In return you agree to keep that information confidential and to use it only to evaluate a purchase.',
    },
  ]),
]);

const ORDINAL_PDF = helveticaPdf([
  paragraphsPage([
    { text: 'SERVICES AGREEMENT', bold: true, size: 14 },
    { text: 'This Agreement is made as of July 9 th , 2020 (the "Effective Date") between Marrow Cove LLC and Tilbury Fenn.' },
  ]),
]);

describe('dates as documents print them', () => {
  it('reads a date whose ordinal is printed as its own word ("9 th , 2020"), cited on its words', () => {
    expect(entitiesOf('made as of July 9 th , 2020 (the', 'date').map((e) => [e.text, e.value])).toEqual([
      ['July 9th, 2020', '2020-07-09'],
    ]);
    const doc = askDocument('doc_ordinal', ORDINAL_PDF);
    const answer = ask([doc], 'What is the effective date of the agreement?');
    expect(answer).toMatchObject({ found: true, value: '2020-07-09' });
    expectCites(answer, ORDINAL_PDF, 0, 'July 9');
  });

  it('dates a letter agreement by its dateline when no sentence dates it', () => {
    const doc = askDocument('doc_letter', LETTER_PDF);
    const answer = ask([doc], 'What is the effective date of the agreement?');
    expect(answer).toMatchObject({ text: 'March 14, 2019', found: true });
    expectCites(answer, LETTER_PDF, 0, 'March 14, 2019');
    // A question naming something else (a payment) is not answered by the document's own date.
    expect(ask([doc], 'When is the deposit payment due?')).toMatchObject({ text: NOT_FOUND, found: false });
  });
});
