import type { ChartFinding, ItemPart } from '../charts/mod.ts';
import type { BBox, Block, Line, ModelPage } from '../model/types.ts';
import { area, center, overlapArea } from '../model/geometry.ts';
import { insideBox } from './polylines.ts';

/**
 * A description of a figure nothing else could read (a photo, an unknown graphic): its caption (the layout's
 * caption block for it, or a "Figure N" line just below or above), the text printed inside it, and the body
 * sentence that cites it ("as Figure N shows"). Modest confidence: this says what the page says about the figure,
 * not what is in the picture.
 */
const CAPTION_START = /^(fig(?:ure)?|photo|plate|image|illustration|diagram|chart|map)\.?\s*(\d+[a-z]?)\b/i;
const MAX_INSIDE = 12;

/** Thresholds of the figure description; lengths in page px or line heights. */
const FIGURE = {
  /** Confidence when the description fails. */
  fallbackConfidence: 0.2,
  /** Most lines of inside text quoted in the summary (count). */
  quotedInside: 6,
  /** Confidence: base, bonus for a caption, for a citing sentence, for text inside. */
  confidenceBase: 0.25,
  confidenceCaption: 0.2,
  confidenceReference: 0.1,
  confidenceInside: 0.05,
  /** The layout's figure block overlaps the figure by more than this share of the smaller (ratio). */
  blockOverlap: 0.5,
  /** A caption line may overlap the figure by this much (px) and lies within this many of its heights of it. */
  captionOverlap: 2,
  captionReach: 3,
  /** A citing sentence longer than this is cut (characters). */
  maxSentence: 300,
} as const;

export function describeFigure(page: ModelPage, figure: BBox): ChartFinding {
  try {
    return describe(page, figure);
  } catch {
    return base(figure, '', 'Figure without a caption.', [], [], FIGURE.fallbackConfidence, page);
  }
}

function describe(page: ModelPage, figure: BBox): ChartFinding {
  const caption = captionOf(page, figure);
  const inside = textInside(page, figure, caption?.bbox ?? null);
  const number = caption ? CAPTION_START.exec(caption.text)?.[2] : undefined;
  const kindWord = caption ? CAPTION_START.exec(caption.text)?.[1] : undefined;
  const reference = number ? citingSentence(page, kindWord ?? 'figure', number, caption!.bbox) : null;
  const pieces: string[] = [];
  if (caption) pieces.push(sentence(caption.text));
  if (inside.length) pieces.push(`Text in the figure: ${inside.slice(0, FIGURE.quotedInside).join('; ')}.`);
  if (reference) pieces.push(`The text says: "${reference}"`);
  const summary = pieces.length ? pieces.join(' ') : 'Figure without a caption or nearby description.';
  const parts: ItemPart[] = caption ? [{ bbox: caption.bbox, label: 'caption' }] : [];
  const confidence =
    FIGURE.confidenceBase +
    (caption ? FIGURE.confidenceCaption : 0) +
    (reference ? FIGURE.confidenceReference : 0) +
    (inside.length ? FIGURE.confidenceInside : 0);
  return base(figure, caption?.text ?? '', summary, inside, parts, Math.round(confidence * 100) / 100, page);
}

function base(
  bbox: BBox,
  title: string,
  summary: string,
  insights: string[],
  parts: ItemPart[],
  confidence: number,
  page: ModelPage,
): ChartFinding {
  return {
    kind: 'figure',
    bbox,
    title,
    axes: { x_label: '', y_label: '' },
    series: [],
    insights,
    summary,
    confidence,
    parts,
    source: page.ocr || page.lines.some((l) => l.source === 'ocr') ? 'raster' : 'vector',
  };
}

const sentence = (t: string) => (/[.!?]$/.test(t) ? t : `${t}.`);

/** The layout's caption for this figure block; else a "Figure N" line just below, then just above. */
function captionOf(page: ModelPage, figure: BBox): { text: string; bbox: BBox } | null {
  const block = page.blocks
    .filter((b) => b.type === 'figure' && overlapArea(b.bbox, figure) > FIGURE.blockOverlap * Math.min(area(b.bbox), area(figure)))
    .sort((a, b) => overlapArea(b.bbox, figure) - overlapArea(a.bbox, figure))[0];
  const linked = block && page.blocks.find((b) => b.type === 'caption' && b.captionOf === block.id);
  if (linked) return { text: clean(linked.text), bbox: linked.bbox };
  const near = (l: Line, below: boolean) => {
    const gap = below ? l.bbox[1] - figure[3] : figure[1] - l.bbox[3];
    const overlaps = Math.min(l.bbox[2], figure[2]) - Math.max(l.bbox[0], figure[0]) > 0;
    return (
      gap >= -FIGURE.captionOverlap && gap < FIGURE.captionReach * (l.bbox[3] - l.bbox[1]) && overlaps && CAPTION_START.test(l.text.trim())
    );
  };
  const line = page.lines.find((l) => near(l, true)) ?? page.lines.find((l) => near(l, false));
  if (!line) return null;
  const holder = page.blocks.find((b) => b.lines.some((l) => l.id === line.id));
  return holder && holder.lines[0]?.id === line.id
    ? { text: clean(holder.text), bbox: holder.bbox }
    : { text: clean(line.text), bbox: line.bbox };
}

function textInside(page: ModelPage, figure: BBox, captionBox: BBox | null): string[] {
  const out: string[] = [];
  for (const l of page.lines) {
    const c = center(l.bbox);
    if (!insideBox(c, figure) || (captionBox && insideBox(c, captionBox))) continue;
    const t = clean(l.text);
    if (t && !out.includes(t)) out.push(t);
    if (out.length >= MAX_INSIDE) break;
  }
  return out;
}

/** The body sentence that cites "Figure N" / "Fig. N" (not the caption itself). */
function citingSentence(page: ModelPage, kindWord: string, number: string, captionBox: BBox): string | null {
  const word = /^fig/i.test(kindWord) ? 'fig(?:ure|s?\\.)?' : kindWord.replace(/[^a-z]/gi, '');
  const cite = new RegExp(`\\b${word}\\s*${number}\\b`, 'i');
  const blocks: Block[] = page.blocks.filter((b) => b.type !== 'caption' && b.type !== 'figure' && overlapArea(b.bbox, captionBox) === 0);
  for (const b of blocks) {
    const text = clean(b.text);
    if (!cite.test(text)) continue;
    const hit = text.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/).find((s) => cite.test(s));
    if (hit) return hit.length > FIGURE.maxSentence ? `${hit.slice(0, FIGURE.maxSentence - 3)}...` : hit;
  }
  return null;
}

const clean = (t: string) => t.replace(/\s+/g, ' ').trim();
