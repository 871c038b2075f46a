/** The converters behind DOCX/XLSX/HTML/text uploads, on small generated files (no server). */
import { describe, expect, it } from 'vitest';
import { misnamedTextProblem, refineTextType } from '../src/pipeline/document/convert/formats.ts';
import { sanitizeHtml, uploadedHtml } from '../src/pipeline/document/convert/html.ts';
import { checkZip, MAX_TEXT_BYTES, MAX_ZIP_ENTRIES } from '../src/pipeline/document/convert/limits.ts';
import { convertToPdf } from '../src/pipeline/document/convert/to-pdf.ts';
import { xlsxToHtml } from '../src/pipeline/document/convert/xlsx.ts';
import { DocumentFormatError } from '../src/shared/errors.ts';
import { encodeZip } from './helpers/encoders.ts';
import { buildXlsx } from './helpers/office.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Replaces the first sheet's cells of a generated workbook with raw `<sheetData>` XML. */
function workbookWithSheetData(sheetData: string, sharedStrings = ''): Buffer {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const parts = new Map<string, string>([
    [
      'xl/workbook.xml',
      `<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="A &amp; B" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    ['xl/worksheets/sheet1.xml', `<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>`],
    ['xl/sharedStrings.xml', `<sst ${ns}>${sharedStrings}</sst>`],
    ['[Content_Types].xml', '<Types/>'],
  ]);
  return encodeZip([...parts].map(([name, text]) => ({ name, data: Buffer.from(text) })));
}

describe('XLSX reader', () => {
  it('reads shared, rich, inline, boolean, formula and numeric cells, and the sheet name', async () => {
    const html = await xlsxToHtml(
      workbookWithSheetData(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>inline &lt;x&gt;</t></is></c></row>' +
          '<row r="3"><c r="A3" t="b"><v>1</v></c><c r="B3" t="str"><f>A1</f><v>formula text</v></c><c r="D3"><v>0.30000000000000004</v></c></row>',
        '<si><t>plain</t></si><si><r><t>rich </t></r><r><t>runs</t></r><rPh><t>phonetic</t></rPh></si>',
      ),
    );
    expect(html).toContain('<h2>A &amp; B</h2>');
    expect(html).toContain('<tr><td>plain</td><td>rich runs</td><td>inline &lt;x&gt;</td><td></td></tr>');
    expect(html).toContain('<tr><td>TRUE</td><td>formula text</td><td></td><td>0.3</td></tr>');
    expect(html).not.toContain('phonetic');
  });

  it('lays out every sheet of a generated workbook as a table', async () => {
    const html = await xlsxToHtml(
      buildXlsx('Orders', [
        ['Item', 'Qty'],
        ['Apples', 3],
      ]),
    );
    expect(html).toMatch(/<h2>Orders<\/h2><table><tr><td>Item<\/td><td>Qty<\/td><\/tr>\n<tr><td>Apples<\/td><td>3<\/td><\/tr><\/table>/);
  });

  it('refuses a workbook without worksheets or that is not a ZIP', async () => {
    await expect(xlsxToHtml(encodeZip([{ name: 'xl/other.xml', data: Buffer.from('x') }]))).rejects.toThrow(
      /XLSX spreadsheet but cannot be read: it has no xl\/workbook.xml/,
    );
    await expect(xlsxToHtml(Buffer.from('not a zip'))).rejects.toThrow(DocumentFormatError);
  });
});

describe('ZIP limits', () => {
  it('counts parts before anything is read', () => {
    const many = encodeZip(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => ({ name: `p${i}`, data: Buffer.alloc(0) })));
    expect(() => checkZip(many, 'XLSX spreadsheet', XLSX)).toThrow(
      `XLSX spreadsheet has ${MAX_ZIP_ENTRIES + 1} parts, over the ${MAX_ZIP_ENTRIES}-part limit`,
    );
    try {
      checkZip(many, 'XLSX spreadsheet', XLSX);
    } catch (err) {
      expect(err).toMatchObject({ tooLarge: true, detectedType: XLSX });
    }
    expect(() => checkZip(encodeZip([{ name: 'a', data: Buffer.from('x') }]), 'XLSX spreadsheet', XLSX)).not.toThrow();
  });
});

describe('HTML and text', () => {
  it('refuses text over the size limit before laying it out (413)', async () => {
    const big = Buffer.alloc(MAX_TEXT_BYTES + 1, 'a');
    await expect(convertToPdf(big, 'text/plain', { maxPages: 2000 })).rejects.toMatchObject({
      tooLarge: true,
      message: expect.stringMatching(/plain text of \d+ bytes is over the 16 MiB limit/),
    });
  });

  it('refuses a document that lays out into more pages than the limit (413)', async () => {
    const text = Buffer.from('A line of the memo.\n'.repeat(400));
    await expect(convertToPdf(text, 'text/plain', { maxPages: 2 })).rejects.toMatchObject({
      tooLarge: true,
      message: expect.stringMatching(/plain text has \d+ pages, over the 2-page limit/),
    });
  });

  it('drops scripts, frames, links and remote images but keeps inline images and text', () => {
    const clean = sanitizeHtml(
      '<p>keep</p><SCRIPT type="x">bad()</SCRIPT><iframe src="http://x"></iframe><link rel=stylesheet href="http://x">' +
        '<img src="http://x/a.png"><img alt="i" src="data:image/png;base64,AAAA"><style>@import url(http://x/y.css); p{}</style>',
    );
    expect(clean).toBe('<p>keep</p><img alt="i" src="data:image/png;base64,AAAA"><style> p{}</style>');
  });

  it('puts the base stylesheet into an uploaded page, with or without a head', () => {
    expect(uploadedHtml('<html><head><title>t</title></head><body>x</body></html>')).toMatch(
      /^<html><head><style>[\s\S]*border-collapse[\s\S]*<\/style><title>t<\/title>/,
    );
    expect(uploadedHtml('<p>fragment</p>')).toMatch(/^<!DOCTYPE html>[\s\S]*<body><p>fragment<\/p><\/body><\/html>$/);
  });

  it('tells Markdown and HTML from plain text by extension only for text', () => {
    expect(refineTextType('text/plain', 'notes.MD')).toBe('text/markdown');
    expect(refineTextType('text/plain', 'page.htm')).toBe('text/html');
    expect(refineTextType('text/plain', 'notes.txt')).toBe('text/plain');
    expect(refineTextType('application/pdf', 'x.md')).toBe('application/pdf');
  });
});

describe('text uploads that are not what their name says, or hold nothing', () => {
  it('refuses text named as a PDF, image or Office file; text, Markdown and HTML names and no extension pass', () => {
    expect(misnamedTextProblem('text/plain', 'notes.pdf')).toMatch(/named \.pdf but holds plain text/);
    expect(misnamedTextProblem('text/html', 'Scan.PNG')).toMatch(/named \.png but holds HTML page/);
    expect(misnamedTextProblem('text/plain', 'report.docx')).toMatch(/\.docx/);
    for (const name of ['notes.txt', 'notes.md', 'page.html', 'README', 'data.csv'])
      expect(misnamedTextProblem('text/plain', name), name).toBeNull();
    expect(misnamedTextProblem('application/pdf', 'a.pdf')).toBeNull();
  });

  it('refuses whitespace-only text, Markdown and HTML as empty', async () => {
    for (const type of ['text/plain', 'text/markdown', 'text/html'] as const) {
      const err = await convertToPdf(Buffer.from(' \n\t\r\n'), type, { maxPages: 10 }).catch((e: unknown) => e);
      expect(err, type).toBeInstanceOf(DocumentFormatError);
      expect((err as Error).message, type).toMatch(/empty/);
    }
  });
});
