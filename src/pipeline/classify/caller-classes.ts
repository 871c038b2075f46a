import type { ClassSpec } from './types.ts';
import { tokenize, type PageFeatures } from './features.ts';
import { BUILTIN_CLASSES, CLASS_PARENTS, OTHER_CLASS } from './taxonomy.ts';
import { calibrate, compileClasses, layoutBonus, scorePage, STOPWORDS } from './score.ts';

/**
 * Caller classes come with one label and a sentence of description: too few words to find on most pages ("tables"
 * on a page of statistics, "confidentiality" on page 5 of an NDA). Where a caller class describes one of the
 * built-in classes ("An invoice or bill for goods..." is the built-in invoice), it inherits that class's evidence:
 * its phrases, in every script, and its layout cues. The alignment is read from the caller's own words, scored
 * against the built-in taxonomy like a short page; a class that resembles none keeps its own words alone.
 */

export interface Alignment {
  /** Index into the built-in scored labels (the same in both tables), per caller class (same order as the compiled caller labels); -1: none. */
  builtin: number[];
  /** How much of the built-in class's score the caller class inherits (the alignment's confidence). */
  weight: number[];
}

/** The built-in class must be this clearly the best reading of the caller's label and description. */
const MIN_ALIGNMENT = 0.45;
/** Inherited evidence counts for this share of the built-in score: the caller's own words still break ties. */
const INHERITED_SHARE = 0.8;
/** Words of a built-in class's label and description longer than this many letters become phrases of their own. */
const ALIGNMENT_WORD_MIN_LENGTH = 3;

const cache = new WeakMap<readonly ClassSpec[], Alignment>();

/**
 * The built-in classes as the caller's words are matched against them: their phrases, plus each word of their
 * label and description as a phrase of its own (a caller writes "a scientific article", not "scientific paper").
 */
const ALIGNMENT_CLASSES: ClassSpec[] = BUILTIN_CLASSES.map((spec) => ({
  ...spec,
  phrases: [
    ...(spec.phrases ?? []),
    ...tokenize(`${spec.label.replace(/_/g, ' ')} ${spec.description}`).filter(
      (w) => w.length > ALIGNMENT_WORD_MIN_LENGTH && !STOPWORDS.has(w),
    ),
  ],
}));

/** Which built-in class each caller class describes, if any. */
export function alignCallerClasses(set: readonly ClassSpec[], labels: readonly string[]): Alignment {
  const hit = cache.get(set);
  if (hit) return hit;
  const builtin = compileClasses(ALIGNMENT_CLASSES);
  const alignment: Alignment = { builtin: [], weight: [] };
  for (const label of labels) {
    const spec = set.find((c) => c.label === label)!;
    const title = tokenize(spec.label.replace(/_/g, ' '));
    const scores = scorePage({ tokens: [...title, ...tokenize(spec.description)], titleTokens: title }, builtin);
    const best = calibrate(builtin.labels, scores, CLASS_PARENTS);
    const index = builtin.labels.indexOf(best.label);
    const aligned = best.label !== OTHER_CLASS && index >= 0 && best.confidence >= MIN_ALIGNMENT;
    alignment.builtin.push(aligned ? index : -1);
    alignment.weight.push(aligned ? best.confidence * INHERITED_SHARE : 0);
  }
  cache.set(set, alignment);
  return alignment;
}

/** Adds to each caller class's score the evidence of the built-in class it describes. */
export function inheritBuiltinEvidence(scores: number[], f: PageFeatures, alignment: Alignment): void {
  if (!alignment.builtin.some((i) => i >= 0)) return;
  const builtin = compileClasses(BUILTIN_CLASSES);
  const builtinScores = scorePage(f, builtin);
  builtin.labels.forEach((label, i) => {
    if (builtinScores[i] > 0) builtinScores[i] += layoutBonus(label, f);
  });
  alignment.builtin.forEach((b, c) => {
    if (b >= 0) scores[c] += alignment.weight[c] * builtinScores[b];
  });
}
