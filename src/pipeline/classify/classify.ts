import type { ModelPage } from '../model/types.ts';
import type { ClassSpec, PageClassification, PageRole } from './types.ts';
import { pageFeatures, type PageFeatures } from './features.ts';
import { BUILTIN_CLASSES, CLASS_PARENTS, OTHER_CLASS } from './taxonomy.ts';
import { calibrate, compileClasses, layoutBonus, scorePage, type Calibrated } from './score.ts';
import { alignCallerClasses, inheritBuiltinEvidence } from './caller-classes.ts';

/**
 * Page classification: score each page against the class set, calibrate, then read the page's role from its
 * numbering, headings and its neighbour. Caller classes replace the built-in set ('other' is always possible).
 */

/** Classification thresholds. Confidences are on a 0–1 scale. */
const CLASSIFY = {
  /** Caller class sets kept compiled before the cache is cleared. */
  maxCallerSets: 100,
  /** A continuing page's own class is weak under this confidence... */
  weakConfidence: 0.5,
  /** ...when also under this share of the previous page's. */
  weakerShare: 0.8,
  /** A page taking the previous page's class takes its confidence capped at this... */
  inheritedConfidenceCap: 0.9,
  /** ...times this factor. */
  inheritedConfidenceFactor: 0.8,
  /** Confidence that a blank page is of no class. */
  blankConfidence: 0.9,
} as const;

/** Caller class sets, by content, so the same classes sent again reuse their compiled tables. */
const callerSets = new Map<string, ClassSpec[]>();

function classSet(classes: ClassSpec[] | null): ClassSpec[] {
  if (!classes || classes.length === 0) return BUILTIN_CLASSES;
  const key = JSON.stringify(classes);
  let set = callerSets.get(key);
  if (!set) {
    set = classes.some((c) => c.label === OTHER_CLASS) ? [...classes] : [...classes, { label: OTHER_CLASS, description: '' }];
    if (callerSets.size > CLASSIFY.maxCallerSets) callerSets.clear();
    callerSets.set(key, set);
  }
  return set;
}

function classifyFeatures(f: PageFeatures, set: ClassSpec[]): Calibrated {
  const table = compileClasses(set);
  const scores = scorePage(f, table);
  // Layout evidence only where the text already points at the class: a table alone makes no invoice.
  if (set === BUILTIN_CLASSES)
    table.labels.forEach((label, i) => {
      if (scores[i] > 0) scores[i] += layoutBonus(label, f);
    });
  else inheritBuiltinEvidence(scores, f, alignCallerClasses(set, table.labels));
  return calibrate(table.labels, scores, set === BUILTIN_CLASSES ? CLASS_PARENTS : undefined);
}

/** Page n of the numbering the previous page started (n = previous + 1, same count when stated). */
function continuesNumbering(f: PageFeatures, prev: PageFeatures | undefined): boolean {
  const a = prev?.identity.pageNumber;
  const b = f.identity.pageNumber;
  return !!a && !!b && b.n === a.n + 1 && (a.of === null || b.of === null || a.of === b.of);
}

function firstPageSignals(f: PageFeatures, prev: PageFeatures | undefined): boolean {
  if (f.identity.filing && f.identity.filing !== prev?.identity.filing) return true;
  const pn = f.identity.pageNumber;
  if (pn?.n === 1) return true;
  if (pn && pn.n > 1) return false;
  if (prev?.identity.documentNumber && f.identity.documentNumber === prev.identity.documentNumber) return false;
  return f.hasTopTitle || !!f.identity.documentNumber;
}

function pageRole(f: PageFeatures, label: string, prev: PageFeatures | undefined, prevLabel: string | undefined): PageRole {
  if (f.blank) return 'blank';
  // An EDGAR exhibit ("EX-99 ... Exhibit (d)(2)") is filed as a document of its own, not an attachment.
  if (f.identity.filing && f.identity.filing !== prev?.identity.filing) return 'first_page';
  if (f.attachmentHeading) return 'attachment';
  if (f.signatureBlock && prev && !firstPageSignals(f, prev)) return 'continuation';
  if (continuesNumbering(f, prev)) return 'continuation';
  if (firstPageSignals(f, prev)) return 'first_page';
  // No signal either way: the same class as the page before continues it, a new class opens a document.
  return prev && prevLabel === label ? 'continuation' : 'first_page';
}

/**
 * Pages that continue the previous page (its numbering, or weak evidence and no first-page signals) take the
 * previous page's class when their own evidence is weaker: a page of legal boilerplate inside an NDA stays an NDA.
 */
function smooth(result: Calibrated, f: PageFeatures, prev: PageFeatures | undefined, prevResult: Calibrated | undefined): Calibrated {
  if (!prev || !prevResult || f.blank || prevResult.label === result.label || prevResult.label === OTHER_CLASS) return result;
  const continuing = continuesNumbering(f, prev) || (!firstPageSignals(f, prev) && !f.attachmentHeading);
  if (!continuing) return result;
  // The page must show some evidence for the previous class, unless its numbering continues the previous page.
  // A page of signature lines after the body closes the previous document whatever its words score as.
  const supports =
    continuesNumbering(f, prev) || f.signatureBlock || result.candidates.some((c) => c.label === prevResult.label && c.score > 0);
  const weak =
    result.label === OTHER_CLASS ||
    f.signatureBlock ||
    (result.confidence < CLASSIFY.weakConfidence && result.confidence < prevResult.confidence * CLASSIFY.weakerShare);
  // A contract page inside an NDA is the NDA's (nda_contract holds every contract phrase: see taxonomy.ts).
  const subtype = result.label === 'contract' && prevResult.label === 'nda_contract';
  if (!supports || !(weak || subtype)) return result;
  return {
    ...result,
    label: prevResult.label,
    confidence:
      Math.round(Math.min(prevResult.confidence, CLASSIFY.inheritedConfidenceCap) * CLASSIFY.inheritedConfidenceFactor * 1000) / 1000,
  };
}

export function classifyPages(pages: ModelPage[], classes: ClassSpec[] | null): PageClassification[] {
  const set = classSet(classes);
  const features = pages.map(pageFeatures);
  const results: Calibrated[] = [];
  const out: PageClassification[] = [];
  features.forEach((f, i) => {
    const prevIndex = i > 0 && features[i - 1].blank && i > 1 ? i - 2 : i - 1;
    const prev = prevIndex >= 0 ? features[prevIndex] : undefined;
    const prevResult = prevIndex >= 0 ? results[prevIndex] : undefined;
    const own = f.blank ? { label: OTHER_CLASS, confidence: CLASSIFY.blankConfidence, candidates: [] } : classifyFeatures(f, set);
    const result = smooth(own, f, prev, prevResult);
    results.push(result);
    out.push({
      pageIndex: f.pageIndex,
      docClass: result.label,
      confidence: result.confidence,
      pageRole: pageRole(f, result.label, prev, prevResult?.label),
      componentsPresent: f.componentsPresent,
      identity: f.identity,
      candidates: own.candidates,
    });
  });
  return out;
}

const ROLE_WEIGHT: Record<PageRole, number> = { first_page: 2, continuation: 1, attachment: 0.5, blank: 0 };

/** The document's class: a confidence-weighted vote of its pages, first pages weighing double. */
export function documentClass(pages: PageClassification[]): { docClass: string; confidence: number } {
  const votes = new Map<string, number>();
  let total = 0;
  for (const p of pages) {
    const w = ROLE_WEIGHT[p.pageRole] * p.confidence;
    total += ROLE_WEIGHT[p.pageRole];
    votes.set(p.docClass, (votes.get(p.docClass) ?? 0) + w);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length || total === 0) return { docClass: OTHER_CLASS, confidence: 0 };
  return { docClass: ranked[0][0], confidence: Math.round((ranked[0][1] / total) * 1000) / 1000 };
}
