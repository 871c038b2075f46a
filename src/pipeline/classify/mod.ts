/** Classification engine (issue 6): page features, the built-in taxonomy, calibrated page classes and roles. */
export { BUILTIN_CLASSES, CLASS_PARENTS, OTHER_CLASS } from './taxonomy.ts';
export { pageFeatures, tokenize, type PageFeatures, type LayoutStats } from './features.ts';
export { extractIdentity } from './identity.ts';
export { classifyPages, documentClass } from './classify.ts';
export { compileClasses, scorePage, calibrate, MIN_CONFIDENCE, type CompiledClasses } from './score.ts';
export type { ClassSpec, IdentityHints, PageClassification, PageRole, SegmentPlan } from './types.ts';
