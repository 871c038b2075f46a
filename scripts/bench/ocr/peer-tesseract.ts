import { runPeer } from '../peer.ts';
import type { TextLine } from './metrics.ts';
import type { OcrPageResult, OcrTool } from './tools.ts';

/**
 * The Debian `tesseract` CLI as the peer: `tesseract <image> - -l eng tsv`, one process per image, with
 * OMP_THREAD_LIMIT=1 (runPeer's environment for every peer). Its TSV gives line boxes (level 4) and words
 * (level 5); a line's text is its words joined by spaces, so the same box-matched metrics apply to it.
 */
export const TESSERACT_ARGS = ['-l', 'eng', 'tsv'];

/** Lines per page (page_num 1-based in the TSV, index 0-based here), in tesseract's order. */
export function parseTesseractTsv(tsv: string): TextLine[][] {
  const pages: { box: TextLine['box']; words: string[] }[][] = [];
  const byKey = new Map<string, { box: TextLine['box']; words: string[] }>();
  for (const row of tsv.split(/\r?\n/u)) {
    const cols = row.split('\t');
    if (cols.length < 11 || !/^\d+$/u.test(cols[0])) continue; // header and blank rows
    const [level, page, block, par, line] = cols.slice(0, 5).map(Number);
    const key = `${page}/${block}/${par}/${line}`;
    if (level === 4) {
      const [left, top, width, height] = cols.slice(6, 10).map(Number);
      const entry = { box: [left, top, left + width, top + height] as TextLine['box'], words: [] as string[] };
      byKey.set(key, entry);
      (pages[page - 1] ??= []).push(entry);
    } else if (level === 5) {
      const word = (cols.slice(11).join('\t') ?? '').trim();
      if (word) byKey.get(key)?.words.push(word);
    }
  }
  return Array.from(pages, (lines) =>
    (lines ?? []).filter((l) => l.words.length > 0).map((l) => ({ text: l.words.join(' '), box: l.box })),
  );
}

export function tesseractTool(): OcrTool {
  return {
    name: 'tesseract',
    ours: false,
    async read(image) {
      const run = await runPeer('tesseract', [image.path, '-', ...TESSERACT_ARGS]);
      if (run.code !== 0) throw new Error(`tesseract exited ${run.code}: ${run.stderr.trim().slice(0, 200)}`);
      const pages: OcrPageResult[] = parseTesseractTsv(run.stdout.toString('utf8')).map((lines) => ({
        text: lines.map((l) => l.text).join('\n'),
        lines,
        rotation: null,
      }));
      return { ms: run.ms, rssMb: run.peakRssMb, pages };
    },
  };
}
