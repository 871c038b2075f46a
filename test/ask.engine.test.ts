import { describe, expect, it } from 'vitest';
import {
  answerQuestion,
  classifyQuestion,
  NOT_FOUND,
  rememberAnswer,
  type AnswerDraft,
  type QuestionInfo,
} from '../src/pipeline/ask/mod.ts';
import { askDocument, bm25, type AskTestDocument } from './helpers/ask-docs.ts';
import { charBox, invoicePdf, type Box } from './helpers/invoice-pdfs.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { paragraphsPage } from './helpers/layout-pdfs.ts';

/**
 * The ask engine over documents drawn with mupdf and read through the real text layer, layout, key-value and
 * table stages: each answer verbatim as printed, cited with a box that holds the printed characters, and in the
 * document it came from. Retrieval here is a small in-test BM25 over the units (the LanceDB index is tested
 * on its own).
 */

const NDA_PDF = helveticaPdf([
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
      text: '3. Return of Materials. Upon written request, the receiving party shall promptly return or destroy all documents and copies containing Confidential Information.',
    },
    {
      text: '4. Term. This Agreement shall remain in effect for a period of three (3) years from the date hereof, unless terminated earlier by either party on written notice.',
    },
    {
      text: '5. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.',
    },
  ]),
]);

const INVOICE_PDF = invoicePdf('122.40');

function ask(docs: AskTestDocument[], text: string, previous?: QuestionInfo | null): { question: QuestionInfo; answer: AnswerDraft } {
  const question = classifyQuestion(text, previous);
  const hits = bm25(
    docs.flatMap((d) => d.units),
    question.query,
  );
  return { question, answer: answerQuestion({ question, docs, hits }) };
}

/** The cited box holds the characters mupdf prints for `needle` (1 px of slack for rounding). */
function expectCites(answer: AnswerDraft, docId: string, pdf: Buffer, pageIndex: number, needle: string) {
  const box: Box = charBox(pdf, pageIndex, needle);
  const holds = answer.citations.some(
    (c) =>
      c.docId === docId &&
      c.pageIndex === pageIndex &&
      c.bbox[0] <= box[0] + 1 &&
      c.bbox[1] <= box[1] + 1 &&
      c.bbox[2] >= box[2] - 1 &&
      c.bbox[3] >= box[3] - 1,
  );
  expect(holds, `a citation of ${docId} p${pageIndex} holds "${needle}" ${JSON.stringify(box)}: ${JSON.stringify(answer.citations)}`).toBe(
    true,
  );
  for (const c of answer.citations) {
    expect(c.pageWidth).toBe(1224);
    expect(c.pageHeight).toBe(1584);
  }
}

describe('question typing', () => {
  it('maps eval-style questions to their concepts and answer kinds', () => {
    const cases: [string, string | null, string][] = [
      ['What is the total amount paid?', 'total', 'amount'],
      ['On what date was this receipt issued?', 'invoice_date', 'date'],
      ['Which company issued this receipt?', 'issuer', 'organisation'],
      ['What is the effective date of the agreement?', 'effective_date', 'date'],
      ["Which state's law governs this agreement?", 'jurisdiction', 'place'],
      ['How long is the term?', 'term', 'duration'],
      ['What is the due date?', 'due_date', 'date'],
      ['What does Confidential Information mean?', null, 'text'],
    ];
    for (const [text, concept, kind] of cases) {
      const q = classifyQuestion(text);
      expect([q.concept, q.expects], text).toEqual([concept, kind]);
    }
    const parties = classifyQuestion('Who are the parties to this agreement?');
    expect([parties.concept, parties.list, parties.type]).toEqual(['party', true, 'list']);
    expect(classifyQuestion('Is the agreement mutual?').type).toBe('yes_no');
  });

  it('lets a follow-up inherit the subject and documents of the previous turn', () => {
    const first = rememberAnswer(classifyQuestion('What is the total amount due on the Northwind invoice?'), ['doc_b']);
    expect(first.subject).toEqual(['northwind']);
    const next = classifyQuestion('and its due date?', first);
    expect(next.followUp).toBe(true);
    expect(next.concept).toBe('due_date');
    expect(next.docIds).toEqual(['doc_b']);
    expect(next.query).toContain('northwind');
    expect(classifyQuestion('What is the due date?').followUp).toBe(false);
  });
});

describe('document units', () => {
  it('cuts chunks without page furniture, table rows with headers and key-value pairs', () => {
    const { units } = askDocument('doc_inv', INVOICE_PDF);
    const kinds = new Set(units.map((u) => u.kind));
    expect(kinds).toEqual(new Set(['chunk', 'table_row', 'key_value']));
    const soap = units.find((u) => u.kind === 'table_row' && u.text.includes('Hand soap'))!;
    expect(soap.text).toBe('Description: Hand soap (litre); Qty: 10; Unit price: 3.20; Amount: 32.00');
    expect(units.some((u) => u.kind === 'key_value' && u.text === 'Invoice Number: INV-2024-0417')).toBe(true);
    for (const u of units) {
      expect(u.unit_id.startsWith(`doc_inv:${u.kind}:`)).toBe(true);
      expect([u.page_width, u.page_height]).toEqual([1224, 1584]);
      expect(u.boxes.length).toBeGreaterThan(0);
    }
    expect(new Set(units.map((u) => u.unit_id)).size).toBe(units.length);
  });

  it('keeps a heading with the text that follows it', () => {
    const { units } = askDocument('doc_nda', NDA_PDF);
    const chunks = units.filter((u) => u.kind === 'chunk');
    expect(chunks.find((u) => u.text.startsWith('MUTUAL NON-DISCLOSURE AGREEMENT'))?.text).toContain('5th day of March, 2013');
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1000);
  });
});

describe('answering', () => {
  const invoice = askDocument('doc_inv', INVOICE_PDF);
  const nda = askDocument('doc_nda', NDA_PDF);

  it('answers a total verbatim from the concept finder, cited', () => {
    const { answer } = ask([invoice], 'What is the total amount due?');
    expect(answer).toMatchObject({ text: '122.40', found: true, source: 'concept' });
    expectCites(answer, 'doc_inv', INVOICE_PDF, 0, '122.40');
  });

  it('answers a date as printed, not as ISO', () => {
    const { answer } = ask([invoice], 'On what date was this invoice issued?');
    expect(answer.text).toBe('15/03/2024');
    expectCites(answer, 'doc_inv', INVOICE_PDF, 0, '15/03/2024');
  });

  it('names the parties of a contract, joined by semicolons (names hold commas), each cited', () => {
    const { answer } = ask([nda], 'Who are the parties to this agreement?');
    expect(answer.text).toBe('Northwind Traders, Inc.; Contoso Labs LLC');
    expect(answer.citations).toHaveLength(2);
    expectCites(answer, 'doc_nda', NDA_PDF, 0, 'Northwind Traders, Inc.');
    expectCites(answer, 'doc_nda', NDA_PDF, 0, 'Contoso Labs');
  });

  it('reads a table cell at the row and column the question names', () => {
    const { answer } = ask([invoice], 'What is the unit price of hand soap?');
    expect(answer).toMatchObject({ text: '3.20', found: true, source: 'table_cell' });
    expectCites(answer, 'doc_inv', INVOICE_PDF, 0, '3.20');
  });

  it('answers with the sentence that holds the question terms', () => {
    const { answer } = ask([nda], 'What does Confidential Information mean?');
    expect(answer.source).toBe('sentence');
    expect(answer.text).toBe(
      '"Confidential Information" means all non-public information disclosed by one party to the other, in any form, that is marked or identified as confidential at the time of disclosure.',
    );
    expectCites(answer, 'doc_nda', NDA_PDF, 0, 'means all non-public');
  });

  it('says so when the documents do not hold the answer', () => {
    for (const text of ["What is the name of the CEO's dog?", 'What is the due date?']) {
      const { answer } = ask([nda], text);
      expect(answer, text).toMatchObject({ text: NOT_FOUND, found: false, citations: [] });
    }
  });

  it('cites the document the answer came from among several', () => {
    const docs = [nda, invoice];
    const law = ask(docs, "Which state's law governs this agreement?").answer;
    expect(law.text).toBe('New York');
    expect(law.citations.every((c) => c.docId === 'doc_nda')).toBe(true);
    expectCites(law, 'doc_nda', NDA_PDF, 1, 'New York');
    const total = ask(docs, 'What is the total amount due?').answer;
    expect(total.text).toBe('122.40');
    expect(total.citations.every((c) => c.docId === 'doc_inv')).toBe(true);
  });

  it("answers a follow-up from the previous turn's document", () => {
    const docs = [nda, invoice];
    const first = ask(docs, 'What is the invoice number?');
    expect(first.answer.text).toBe('INV-2024-0417');
    const previous = rememberAnswer(
      first.question,
      first.answer.citations.map((c) => c.docId),
    );
    const next = ask(docs, 'and what about the tax?', previous);
    expect(next.question.followUp).toBe(true);
    expect(next.answer.text).toBe('20.40');
    expectCites(next.answer, 'doc_inv', INVOICE_PDF, 0, '20.40');
    const date = ask(docs, 'and its date?', previous);
    expect(date.answer.text).toBe('15/03/2024');
    expect(date.answer.citations.every((c) => c.docId === 'doc_inv')).toBe(true);
  });

  it("looks in the other documents when the previous turn's document does not hold a follow-up's answer", () => {
    const docs = [nda, invoice];
    const first = ask(docs, 'What is the invoice number?');
    const previous = rememberAnswer(
      first.question,
      first.answer.citations.map((c) => c.docId),
    );
    const law = ask(docs, 'and which law governs it?', previous).answer;
    expect(law).toMatchObject({ text: 'New York', found: true });
    expect(law.citations.every((c) => c.docId === 'doc_nda')).toBe(true);
  });
});
