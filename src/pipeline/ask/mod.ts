/**
 * Question answering over parsed documents (issue 8): the units a document is indexed as, question typing, and
 * answers read verbatim from the documents with citations.
 */
export { documentUnits } from './units.ts';
export { classifyQuestion, rememberAnswer, type QuestionInfo } from './question.ts';
export { answerQuestion, NOT_FOUND } from './answer.ts';
export type { AnswerDraft, AnswerCitation, AskDocument } from './types.ts';
