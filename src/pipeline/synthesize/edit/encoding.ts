/**
 * Reading how a PDF font maps codes to characters, to decide whether the page's own font can print new text:
 * the standard simple-font encodings (WinAnsi, and the ASCII-compatible part of the others) and ToUnicode CMaps.
 */

/** WinAnsiEncoding codes 0x80–0x9F; the rest of WinAnsi is ASCII and Latin-1 at their own code points. */
const WIN_ANSI_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

export function winAnsiCode(cp: number): number | undefined {
  if (cp >= 0x20 && cp <= 0x7e) return cp;
  if (cp >= 0xa0 && cp <= 0xff) return cp;
  return WIN_ANSI_HIGH[cp];
}

/** Standard, MacRoman and PDFDoc agree with ASCII except for the quote characters; only trust that range. */
export function asciiCode(cp: number): number | undefined {
  if (cp >= 0x20 && cp <= 0x7e && cp !== 0x27 && cp !== 0x60) return cp;
  return undefined;
}

function hexToNumber(h: string): number {
  return parseInt(h, 16);
}

function hexToText(h: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= h.length; i += 4) units.push(parseInt(h.slice(i, i + 4), 16));
  if (h.length === 2) units.push(parseInt(h, 16));
  return String.fromCharCode(...units);
}

/** unicode text → code, read from a ToUnicode CMap's bfchar and bfrange sections (first code wins). */
export function parseToUnicode(cmap: string): Map<string, number> {
  const reverse = new Map<string, number>();
  const add = (code: number, text: string) => {
    if (!reverse.has(text)) reverse.set(text, code);
  };
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) add(hexToNumber(m[1]), hexToText(m[2]));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = section[1];
    for (const m of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      const lo = hexToNumber(m[1]);
      const hi = hexToNumber(m[2]);
      if (m[3].startsWith('[')) {
        const items = [...m[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => hexToText(x[1]));
        items.forEach((text, i) => add(lo + i, text));
      } else {
        const first = m[3].slice(1, -1);
        const base = hexToText(first);
        const last = base.charCodeAt(base.length - 1);
        for (let code = lo; code <= hi && code - lo < 65536; code++) {
          add(code, base.slice(0, -1) + String.fromCharCode(last + (code - lo)));
        }
      }
    }
  }
  return reverse;
}
