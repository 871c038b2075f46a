import { describe, expect, it } from 'vitest';
import { entitiesOf } from '../src/pipeline/ask/entities.ts';
import { readsAsName } from '../src/pipeline/ask/names.ts';
import { helveticaPdf } from './helpers/pdf.ts';
import { paragraphsPage } from './helpers/layout-pdfs.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/**
 * Party candidates checked against the document that prints them: a defined term or a heading the party finder
 * may catch ("the Licensee", "Trade Secrets") is not a party; names, with or without a company
 * form, are.
 */

const MODEL = modelOfPdf(
  helveticaPdf([
    paragraphsPage([
      { text: 'This Agreement is made by and between Quillmark Holdings, Inc. ("Quillmark"), Harrow and Jane Q. Doe (the "Licensee").' },
      { text: 'The Licensee shall keep all Trade Secrets secret, and the Licensee may not copy it. It covers trade secrets of any kind.' },
      { text: 'Jane Q. Doe shall not hire any Harrow employee during the term. Each Representative of the Licensee is bound as well.' },
    ]),
  ]),
);

describe('party names', () => {
  it('keeps names: a company form, a person with an initial, a word the document never prints in lower case', () => {
    for (const name of ['Quillmark Holdings, Inc.', 'Jane Q. Doe', 'Harrow']) expect(readsAsName(name, MODEL), name).toBe(true);
  });

  it('drops a term the document keeps putting an article before, and one it prints as ordinary words', () => {
    expect(readsAsName('Licensee', MODEL)).toBe(false);
    expect(readsAsName('Trade Secrets', MODEL)).toBe(false);
  });

  it('drops text that runs over a sentence end or a line break', () => {
    expect(readsAsName('Agreement. The Buyer', MODEL)).toBe(false);
    expect(readsAsName('Quillmark\nExhibit', MODEL)).toBe(false);
  });

  it('reads no organisation across a sentence end', () => {
    const orgs = entitiesOf('Brambleford Widgets Inc. signs this Agreement. Harbor Company agrees.', 'organisation').map((e) => e.text);
    expect(orgs).toEqual(['Brambleford Widgets Inc.']);
    // A company form's abbreviation ends no sentence.
    expect(entitiesOf('Sold by Kedai Runcit Maju Sdn. Bhd. today.', 'organisation').map((e) => e.text)).toEqual([
      'Kedai Runcit Maju Sdn. Bhd.',
    ]);
  });
});
