import { createHash } from 'node:crypto';
import path from 'node:path';
import { ToolTally } from './rows.ts';

/**
 * Tune and check halves of an evaluation set. Rules may be tuned on the tune half while the check half stays
 * unseen, so its figure is the honest one (reported first). The half depends on the file's base name alone, so
 * it never changes with the folder, the run or the file's contents, and every capability can adopt it.
 */
export type EvalHalf = 'tune' | 'check';
/** Report order: the check half is the headline. */
export const HALF_LABELS = ['check', 'tune', 'all'] as const;
export type HalfLabel = (typeof HALF_LABELS)[number];

export const HALF_RULE =
  'Halves: a file belongs to the tune half when the first byte of sha256(its base name, UTF-8) is even and to the check half when it is odd (scripts/bench/split.ts); tune rules on the tune half only, the check half is the headline.';

export function evalHalf(fileName: string): EvalHalf {
  const firstByte = createHash('sha256').update(path.basename(fileName), 'utf8').digest()[0];
  return firstByte % 2 === 0 ? 'tune' : 'check';
}

export function inHalf(label: HalfLabel, fileName: string): boolean {
  return label === 'all' || evalHalf(fileName) === label;
}

/** Items of one half (or all), by the file each item comes from. */
export function pickHalf<T>(items: T[], label: HalfLabel, fileOf: (item: T) => string): T[] {
  return items.filter((item) => inHalf(label, fileOf(item)));
}

/** "check 17, tune 17": how many of the items (one file name each, repeats counted) fall in each half. */
export function describeHalves(fileNames: string[]): string {
  const check = fileNames.filter((f) => evalHalf(f) === 'check').length;
  return `check ${check}, tune ${fileNames.length - check}`;
}

/** One value per half and one for all, each made fresh by `make`. */
export const perHalf = <T>(make: () => T): Record<HalfLabel, T> => ({ check: make(), tune: make(), all: make() });

/** One ToolTally per half: each sample goes to its file's half and to `all`, so timing rows come per half too. */
export class HalfTallies {
  private readonly tallies: Record<HalfLabel, ToolTally>;

  constructor(
    readonly tool: string,
    readonly ours: boolean,
  ) {
    this.tallies = perHalf(() => new ToolTally(tool, ours));
  }

  add(fileName: string, ms: number, sample: { pages?: number; bytes?: number; rssMb?: number | null } = {}): void {
    this.tallies[evalHalf(fileName)].add(ms, sample);
    this.tallies.all.add(ms, sample);
  }

  of(label: HalfLabel): ToolTally {
    return this.tallies[label];
  }
}
