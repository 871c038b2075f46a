import { describe, expect, it } from 'vitest';
import { answerQuestion, classifyQuestion } from '../src/pipeline/ask/mod.ts';
import { askDocument, bm25 } from './helpers/ask-docs.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { paragraphsPage } from './helpers/layout-pdfs.ts';

/** An answer reads as its line prints it: a raised ordinal the text layer splits off is joined to its number. */

const PDF = helveticaPdf([
  paragraphsPage([
    { text: 'MUTUAL NON-DISCLOSURE AGREEMENT', bold: true, size: 14 },
    {
      text: 'This Agreement is made as of December 9 th , 2014 (the "Effective Date") by and between Brambleford Widgets, Inc. and Quillmark Labs LLC.',
    },
    { text: 'Each party shall protect the confidential information of the other with reasonable care.' },
  ]),
]);

describe('answer text', () => {
  it('joins a split ordinal of a date answer to its number, and drops the space before the comma', () => {
    const doc = askDocument('doc_nda', PDF);
    const question = classifyQuestion('What is the effective date of the agreement?');
    const answer = answerQuestion({ question, docs: [doc], hits: bm25(doc.units, question.query) });
    // The finder's reading and the entity reader's agree once both read it as printed: the finder's answer, corroborated.
    expect(answer).toMatchObject({ text: 'December 9th, 2014', found: true, source: 'concept' });
  });
});
