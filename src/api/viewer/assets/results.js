/**
 * API responses → the viewer's one view model, so that drawing and highlighting need no per-operation code:
 *   regions: [{ id, page, x, y, w, h, label, order?, cell?, space? }]  boxes in page-image pixels (or in `space`)
 *   items:   [{ id, page, label, meta, text, regions: [region ids], grid?, order? }]  the list beside the pages
 *   text:    the markdown (or other text) of the result; raw: the response itself; answer: ask's answer
 */
const fromBbox = (b) => ({ x: b[0], y: b[1], w: b[2] - b[0], h: b[3] - b[1] });
const fromShape = (s) => (s && [s.x, s.y, s.w, s.h].every(Number.isFinite) ? { x: s.x, y: s.y, w: s.w, h: s.h } : null);
const pageText = (p) => (Number.isInteger(p) ? `page ${p + 1}` : 'no page');

/** Numbers the items in reading order, per page, on their first region (the badge drawn on the image). */
function numberInReadingOrder(items, regions) {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const next = new Map();
  for (const item of items) {
    const order = (next.get(item.page) ?? 0) + 1;
    next.set(item.page, order);
    item.order = order;
    const first = byId.get(item.regions[0]);
    if (first && first.order === undefined) first.order = order;
  }
}

/** Table cells (parse chunks and /v1/tables share the fields) → grid entries; `regionsOf` links each to regions. */
function gridOf(cells, regionsOf) {
  return cells.map((c, i) => ({
    row: c.row_index ?? c.row ?? 0,
    col: c.col_index ?? c.col ?? 0,
    rowspan: c.rowspan ?? 1,
    colspan: c.colspan ?? 1,
    header: Boolean(c.is_header),
    text: c.value ?? c.text ?? '',
    regions: regionsOf(c, i),
  }));
}

export function parseView(r) {
  const regions = [];
  for (const g of r.regions ?? []) {
    const box = fromShape(g.shape);
    if (box) regions.push({ id: g.region_id, page: g.page_index, label: g.label ?? 'region', ...box });
  }
  const items = (r.chunks ?? []).map((c) => {
    const cellRegion = (cell, i) => {
      if (!cell.bbox) return [];
      const id = `${c.chunk_id}/cell${i}`;
      regions.push({ id, page: c.page_index, label: 'table_cell', cell: true, ...fromBbox(cell.bbox) });
      return [id];
    };
    return {
      id: c.chunk_id,
      page: c.page_index,
      label: c.type ?? c.label ?? 'text',
      regions: c.region_ids ?? [],
      meta: `${c.display_label ?? c.type ?? 'chunk'} · ${pageText(c.page_index)}`,
      text: c.markdown,
      grid: c.cells?.length ? gridOf(c.cells, cellRegion) : null,
    };
  });
  numberInReadingOrder(items, regions);
  return { regions, items, text: r.markdown, raw: r };
}

export function layoutView(r) {
  const regions = [];
  const items = [];
  for (const page of r.pages ?? []) {
    const components = [...page.components].sort((a, b) => a.reading_order_rank - b.reading_order_rank);
    for (const c of components) {
      regions.push({ id: c.id, page: page.page_index, label: c.type, ...fromBbox(c.bbox) });
      const score = Number.isFinite(c.score) ? ` · score ${c.score.toFixed(2)}` : '';
      items.push({
        id: c.id,
        page: page.page_index,
        label: c.type,
        regions: [c.id],
        meta: `${c.type} · ${pageText(page.page_index)}${score}`,
        text: '',
      });
    }
  }
  numberInReadingOrder(items, regions);
  return { regions, items, text: `Layout (${r.mode}): ${items.length} components`, raw: r };
}

export function tablesView(r) {
  const regions = [];
  for (const g of r.grounding_regions ?? []) {
    const box = fromShape(g.shape);
    if (box) regions.push({ id: g.region_id, page: g.page_index, label: g.label ?? 'table', cell: g.label === 'table_cell', ...box });
  }
  const items = (r.tables ?? []).map((t, i) => {
    let ids = t.region_ids ?? [];
    // Without region grounding the table's own box still places it on the page.
    if (!ids.length && t.bbox && Number.isInteger(t.page_index)) {
      ids = [`table${i}`];
      regions.push({ id: ids[0], page: t.page_index, label: 'table', ...fromBbox(t.bbox) });
    }
    return {
      id: `table${i}`,
      page: t.page_index,
      label: 'table',
      regions: ids,
      text: '',
      meta: `Table ${i + 1} · ${pageText(t.page_index)} · ${t.grid_row_count}×${t.grid_col_count} · ${t.mapping_quality}`,
      grid: gridOf(t.cells ?? [], (c) => c.region_ids ?? []),
    };
  });
  numberInReadingOrder(items, regions);
  return { regions, items, text: (r.tables ?? []).map((t) => t.html).join('\n\n'), raw: r };
}

/** Leaf paths of an extraction result in `_grounding`'s notation: "total", "line_items[2].amount". */
function leafPaths(value, path, out) {
  if (Array.isArray(value) && value.length) value.forEach((v, i) => leafPaths(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) leafPaths(v, path ? `${path}.${key}` : key, out);
  } else out.push([path, value]);
  return out;
}

/** The grounding of a path, or of its nearest ancestor (an array field may be grounded as a whole). */
function groundingOf(grounding, path) {
  const last = /(\[\d+\]|\.[^.[\]]+)$/;
  for (let p = path; p; p = last.test(p) ? p.replace(last, '') : '') if (grounding[p]) return grounding[p];
  return undefined;
}

const shown = (value) => (value === null || (Array.isArray(value) && !value.length) ? '∅ (not found)' : String(value));

export function extractView(r) {
  const { _grounding: grounding = {}, _validation: validation, ...values } = r.result ?? {};
  const regions = [];
  const items = leafPaths(values, '', []).map(([path, value]) => {
    const g = groundingOf(grounding, path);
    const id = `field:${path}`;
    const grounded = g?.bbox && Number.isInteger(g.page_index);
    if (grounded) regions.push({ id, page: g.page_index, label: 'field', ...fromBbox(g.bbox) });
    const where = g ? `${pageText(g.page_index)} · ${g.source ?? 'grounded'} · confidence ${g.confidence ?? '?'}` : 'not grounded';
    return { id, page: g?.page_index, label: 'field', regions: grounded ? [id] : [], meta: `${path} · ${where}`, text: shown(value) };
  });
  const failed = (validation?.checks ?? []).filter((c) => !c.ok).map((c) => `✗ ${c.check}: ${c.message}`);
  return { regions, items, text: `${failed.join('\n')}${failed.length ? '\n\n' : ''}${JSON.stringify(values, null, 2)}`, raw: r };
}

export function askView(r) {
  const regions = [];
  const items = (r.citations ?? []).map((c, i) => {
    const ids = (c.regions ?? []).map((g, j) => {
      const id = `citation${i}.${j}`;
      // Citation boxes come with the page size they were measured on: drawn scaled to the image.
      regions.push({
        id,
        page: g.page_index,
        label: 'citation',
        order: i + 1,
        x: g.bbox.x,
        y: g.bbox.y,
        w: g.bbox.width,
        h: g.bbox.height,
        space: { w: g.page_width, h: g.page_height },
      });
      return id;
    });
    const pages = [...new Set((c.regions ?? []).map((g) => g.page_index + 1))].join(', ');
    return { id: `citation${i}`, label: 'citation', regions: ids, meta: `Citation ${i + 1} · page ${pages || '?'}`, text: c.text ?? '' };
  });
  return { regions, items, answer: r.answer, text: r.answer, raw: r };
}
