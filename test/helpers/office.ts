/**
 * Minimal Office Open XML files built in tests (a DOCX/XLSX/PPTX is a ZIP of XML parts): just the parts
 * Word, Excel and PowerPoint readers need, with text and tables the tests look for.
 */
import { encodeZip } from './encoders.ts';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function contentTypes(overrides: [string, string][]): string {
  const parts = overrides
    .map(([part, type]) => `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    `<Default Extension="xml" ContentType="application/xml"/>${parts}</Types>`
  );
}

function rels(items: [string, string, string][]): string {
  const body = items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('');
  return `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
}

function zip(parts: Record<string, string>): Buffer {
  return encodeZip(Object.entries(parts).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;

/** Paragraphs (a leading "# " makes a Heading1), then a table, then closing paragraphs. */
export function buildDocx(before: string[], table: string[][], after: string[]): Buffer {
  const para = (text: string) =>
    text.startsWith('# ') ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${run(text.slice(2))}</w:p>` : `<w:p>${run(text)}</w:p>`;
  const rows = table.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p>${run(cell)}</w:p></w:tc>`).join('')}</w:tr>`).join('');
  const body = `${before.map(para).join('')}<w:tbl>${rows}</w:tbl>${after.map(para).join('')}`;
  return zip({
    '[Content_Types].xml': contentTypes([['/word/document.xml', 'wordprocessingml.document.main+xml']]),
    '_rels/.rels': rels([['rId1', 'officeDocument', 'word/document.xml']]),
    'word/_rels/document.xml.rels': rels([]),
    'word/document.xml': `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  });
}

/** One sheet: text cells as shared strings (what Excel writes), numbers as numbers. */
export function buildXlsx(sheetName: string, rows: (string | number)[][]): Buffer {
  const strings: string[] = [];
  const cell = (value: string | number, ref: string) => {
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    strings.push(value);
    return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
  };
  const sheetRows = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => cell(v, `${String.fromCharCode(65 + c)}${r + 1}`)).join('')}</row>`)
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zip({
    '[Content_Types].xml': contentTypes([
      ['/xl/workbook.xml', 'spreadsheetml.sheet.main+xml'],
      ['/xl/worksheets/sheet1.xml', 'spreadsheetml.worksheet+xml'],
      ['/xl/sharedStrings.xml', 'spreadsheetml.sharedStrings+xml'],
    ]),
    '_rels/.rels': rels([['rId1', 'officeDocument', 'xl/workbook.xml']]),
    'xl/workbook.xml': `<?xml version="1.0"?><workbook ${ns} xmlns:r="${REL}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([
      ['rId1', 'worksheet', 'worksheets/sheet1.xml'],
      ['rId2', 'sharedStrings', 'sharedStrings.xml'],
    ]),
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst ${ns}>${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
  });
}

/** One slide per entry, each a text box of paragraphs. */
export function buildPptx(slides: string[][]): Buffer {
  const p = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
  const parts: Record<string, string> = {
    '[Content_Types].xml': contentTypes([
      ['/ppt/presentation.xml', 'presentationml.presentation.main+xml'],
      ...slides.map((_, i): [string, string] => [`/ppt/slides/slide${i + 1}.xml`, 'presentationml.slide+xml']),
    ]),
    '_rels/.rels': rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/presentation.xml': `<?xml version="1.0"?><p:presentation ${p} xmlns:r="${REL}"><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels(
      slides.map((_, i): [string, string, string] => [`rId${i + 1}`, 'slide', `slides/slide${i + 1}.xml`]),
    ),
  };
  slides.forEach((lines, i) => {
    const paras = lines.map((line) => `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`).join('');
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `<?xml version="1.0"?><p:sld ${p} ${a}><p:cSld><p:spTree><p:sp><p:txBody>${paras}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels([]);
  });
  return zip(parts);
}

/**
 * A ZIP whose parts are deflated and whose headers declare `declare(data)` as each part's unpacked size: with a
 * size smaller than the real one it is a zip bomb that lies about itself.
 */
export function deflatedZip(entries: { name: string; data: Buffer }[], declare: (data: Buffer) => number = (d) => d.length): Buffer {
  return encodeZip(entries, { deflate: true, declare });
}
