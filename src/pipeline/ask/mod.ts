/**
 * Question answering over parsed documents (issue 8): the units a document is indexed as, question typing, and
 * answers read verbatim from the documents with citations.
 */
export { documentUnits, type PageSize, type UnitSources } from './units.ts';
export { classifyQuestion, rememberAnswer, type QuestionInfo, type QuestionType, type AnswerKind } from './question.ts';
export { answerQuestion, NOT_FOUND, type AnswerInput } from './answer.ts';
export type { AnswerDraft, AnswerCitation, AnswerSource, AskDocument } from './types.ts';
