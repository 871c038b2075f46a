import { calibrationKey, type CalibrationTable } from '../../src/pipeline/extract/calibration.ts';
import type { GroundingSource } from '../../src/pipeline/extract/types.ts';
import { fitCurve, type Observation } from './isotonic.ts';

/** One extracted value: which curve groups it belongs to, its raw score and whether it was right. */
export interface Labelled extends Observation {
  set: string;
  concept: string | null;
  source: string;
}

/** Fewest observations for a curve of its own (a group with fewer backs off to a wider one). */
export const MIN_GROUP = 30;

/** Curves for every group with enough observations: concept|source, concept|*, *|source and *|*. */
export function fitTable(observations: readonly Labelled[], fittedOn: string): CalibrationTable {
  const groups = new Map<string, Observation[]>();
  const add = (key: string, o: Observation) => (groups.get(key) ?? groups.set(key, []).get(key)!).push(o);
  for (const o of observations) {
    const source = o.source as GroundingSource;
    for (const key of new Set([
      calibrationKey(o.concept, source),
      calibrationKey(o.concept, '*'),
      calibrationKey(null, source),
      calibrationKey(null, '*'),
    ]))
      add(key, o);
  }
  const curves: CalibrationTable['curves'] = {};
  for (const [key, obs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) if (obs.length >= MIN_GROUP) curves[key] = fitCurve(obs);
  return { version: 1, fitted_on: fittedOn, curves };
}
