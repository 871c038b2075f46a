/** Classification engine (issue 6): page features, the built-in taxonomy, calibrated page classes and roles. */
export { BUILTIN_CLASSES, CLASS_PARENTS, OTHER_CLASS } from './taxonomy.ts';
export { pageFeatures } from './features.ts';
export { extractIdentity } from './identity.ts';
export { classifyPages, documentClass } from './classify.ts';
export type { ClassSpec, IdentityHints, PageClassification, SegmentPlan } from './types.ts';
