import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { TableCell, TableResult } from '../../src/pipeline/views/table-result.ts';
import { BENCH_AUTH, startOurService } from './our-service.ts';
import type { Box, ExtractedTable } from './tables/types.ts';

/**
 * Our side of the table benchmark: files go through the real HTTP app's `POST /v1/tables` (sync, cell
 * grounding) and come back as the harness's ExtractedTable, one per table piece and page, in PDF points. Table
 * images (PubTabNet crops) are read with `boundary_source: none`: the crop is the table.
 */
const PX_PER_POINT = 2; // page images of PDF pages are rendered at 144 dpi (decisions.md)

export interface OurTables {
  extract(pdfPath: string): Promise<ExtractedTable[]>;
  extractImageHtml(imagePath: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOurTables(): Promise<OurTables> {
  const service = await startOurService({ http: true, inference: 'spawn' }); // table images need OCR
  async function tables(filePath: string, boundarySource: 'detector' | 'none'): Promise<TableResult[]> {
    const ref = await service.runtime.files.ingestStream('bench', path.basename(filePath), createReadStream(filePath));
    const res = await service.app!.inject({
      method: 'POST',
      url: '/v1/tables',
      headers: BENCH_AUTH,
      payload: { input: { file_id: ref.file_id }, execution_mode: 'sync', grounding: 'cell', boundary_source: boundarySource },
    });
    if (res.statusCode !== 200) throw new Error(`/v1/tables answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return (res.json() as { tables: TableResult[] }).tables;
  }
  return {
    extract: async (pdfPath) => (await tables(pdfPath, 'detector')).flatMap(piecesByPage),
    extractImageHtml: async (imagePath) => (await tables(imagePath, 'none'))[0]?.html ?? '<table></table>',
    close: () => service.close(),
  };
}

const toPoints = (box: number[]): Box => [box[0] / PX_PER_POINT, box[1] / PX_PER_POINT, box[2] / PX_PER_POINT, box[3] / PX_PER_POINT];

function unionBox(boxes: number[][]): number[] {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** A table merged over pages is scored as the pieces the ground truth has: one per page, rows renumbered from 0. */
function piecesByPage(table: TableResult): ExtractedTable[] {
  const byPage = new Map<number, TableCell[]>();
  for (const cell of table.cells) byPage.set(cell.page_index, [...(byPage.get(cell.page_index) ?? []), cell]);
  if (byPage.size <= 1) {
    return [
      {
        pageIndex: table.page_index,
        bbox: toPoints(table.bbox),
        cells: table.cells.map((c) => ({ row: c.row, col: c.col, rowspan: c.rowspan, colspan: c.colspan, text: c.value })),
      },
    ];
  }
  return [...byPage].map(([pageIndex, cells]) => {
    const firstRow = Math.min(...cells.map((c) => c.row));
    return {
      pageIndex,
      bbox: toPoints(unionBox(cells.filter((c) => c.bbox.length === 4).map((c) => c.bbox))),
      cells: cells.map((c) => ({ row: c.row - firstRow, col: c.col, rowspan: c.rowspan, colspan: c.colspan, text: c.value })),
    };
  });
}
