/** The synthesizer's planning side: prompt reading, money, totals, checks, related documents and edit requests. */
export { CURRENCY_EXPONENT, CURRENCY_SYMBOL, currencyExponent, currencyExponent as exponentOf, roundHalfAway, roundDiv, toMinor, fromMinor, formatMoney, formatDate, formatQuantity, formatRate, addDays, isIsoDate, localeFormat, SUPPORTED_LOCALES } from './money.ts';
export type { DateStyle, LocaleFormat, MoneyFormatOptions } from './money.ts';
export { computeTotals, lineTotal, taxAmount, taxLines, withBalances, timesheetLineDescription } from './totals.ts';
export { checkDocument, checkRelated } from './checks.ts';
export { differences, issuerIsSeller, partiesSwap, referenceFieldFor, type Difference } from './compare.ts';
export { Rng, seedFromString } from './random.ts';
export { makeParty, makeIban, isValidIban, companyName, personName, postalAddress, vatId, countryOfLocale, countryOfCompanyName, COUNTRY_INFO, CATALOGS } from './vocab.ts';
export type { Country, CatalogName, CatalogItem } from './vocab.ts';
export { readPrompt, wantsSet, wantsEdit, type PromptRequest, type NamedItem } from './prompt.ts';
export type { MismatchRequest } from './prompt-mismatch.ts';
export { planFromPrompt, PlanCheckError, ROLE_OF, type PlanOptions } from './plan.ts';
export { relatedDocument, relatedDocumentAndMismatches, type RelatedResult } from './related.ts';
export { readEditRequest, wantsRecompute, type EditRequest } from './edits.ts';
export { generateDocument, TEMPLATES, type PlanContext } from './generate.ts';
