/** The synthesizer's planning side: prompt reading, money, totals, checks, related documents and edit requests. */
export { currencyExponent as exponentOf, roundHalfAway, toMinor, fromMinor, formatMoney, formatDate, formatQuantity } from './money.ts';
export { computeTotals } from './totals.ts';
export { checkDocument, checkRelated } from './checks.ts';
export { Rng, seedFromString } from './random.ts';
export { makeIban, isValidIban } from './vocab.ts';
export { readPrompt, wantsSet } from './prompt.ts';
export { planFromPrompt } from './plan.ts';
export { relatedDocument, relatedDocumentAndMismatches } from './related.ts';
export { readEditRequest, wantsRecompute, type EditRequest } from './edits.ts';
