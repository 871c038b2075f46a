/** Drawing: page overlays (SVG over each page image), the item list, and highlighting in both directions. */
export const $ = (selector) => document.querySelector(selector);
const SVG_NS = 'http://www.w3.org/2000/svg';

const COLOURS = {
  title: '#d62728',
  section_header: '#ff7f0e',
  text: '#1f77b4',
  list_item: '#2ca02c',
  key_value: '#17becf',
  table: '#9467bd',
  table_cell: '#9467bd',
  figure: '#8c564b',
  picture: '#8c564b',
  chart: '#8c564b',
  caption: '#bcbd22',
  formula: '#e377c2',
  equation: '#e377c2',
  page_header: '#7f7f7f',
  page_footer: '#7f7f7f',
  footnote: '#7f7f7f',
  field: '#e6550d',
  citation: '#d62728',
};

function colourOf(label) {
  if (COLOURS[label]) return COLOURS[label];
  let hash = 0;
  for (const ch of String(label)) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 60% 42%)`;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined && value !== null) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Draws `view`'s regions on one page, in the page image's pixel space (the page must have loaded its image). */
export function drawOverlay(page, view) {
  page.svg.replaceChildren();
  if (!view || !page.width) return;
  const fontSize = Math.max(10, Math.round(page.width / 60));
  const area = (r) => r.w * r.h;
  // Big boxes first and cells last, so that the smaller ones stay on top and clickable.
  const regions = view.regions
    .filter((r) => r.page === page.index)
    .sort((a, b) => Number(Boolean(a.cell)) - Number(Boolean(b.cell)) || area(b) - area(a));
  const badges = [];
  for (const r of regions) {
    const sx = r.space ? page.width / r.space.w : 1;
    const sy = r.space ? page.height / r.space.h : 1;
    const colour = colourOf(r.label);
    const box = { x: r.x * sx, y: r.y * sy, width: r.w * sx, height: r.h * sy };
    const kind = r.cell ? ' cell' : '';
    // The region itself is a stroke-less rect, so that its box is exactly the API's box; the outline is a twin
    // drawn on top of it (a stroke would widen the element's box by half its width on every side).
    const rect = svgEl('rect', { ...box, class: `region${kind}`, fill: colour, 'data-region': r.id, 'data-label': r.label });
    rect.append(svgEl('title', {}, `${r.label}${r.order ? ` #${r.order}` : ''}`));
    page.svg.append(rect, svgEl('rect', { ...box, class: `edge${kind}`, stroke: colour }));
    if (r.order === undefined) continue;
    // The reading-order number sits in the left margin when there is room, else inside the box.
    const outside = box.x > fontSize * 2;
    badges.push(
      svgEl(
        'text',
        {
          x: outside ? box.x - 4 : box.x + 3,
          y: box.y + fontSize,
          'text-anchor': outside ? 'end' : 'start',
          'font-size': fontSize,
          fill: colour,
          class: 'order',
        },
        String(r.order),
      ),
    );
  }
  page.svg.append(...badges);
}

function renderGrid(grid) {
  const rows = new Map();
  for (const cell of grid) rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell]);
  const table = el('table');
  for (const row of [...rows.keys()].sort((a, b) => a - b)) {
    const tr = el('tr');
    for (const cell of rows.get(row).sort((a, b) => a.col - b.col)) {
      const td = el(cell.header ? 'th' : 'td', { rowspan: cell.rowspan, colspan: cell.colspan }, cell.text);
      if (cell.regions.length) td.dataset.regions = cell.regions.join(' ');
      tr.append(td);
    }
    table.append(tr);
  }
  return table;
}

export function renderItem(item) {
  const order = item.order ? `#${item.order} · ` : '';
  const li = el(
    'li',
    { class: item.regions.length ? 'item' : 'item ungrounded', 'data-item': item.id, 'data-regions': item.regions.join(' ') },
    el('div', { class: 'meta' }, `${order}${item.meta}`),
  );
  li.style.setProperty('--c', colourOf(item.label));
  if (item.text && !item.grid?.length) li.append(el('div', { class: 'body' }, item.text));
  if (item.grid?.length) li.append(renderGrid(item.grid));
  return li;
}

export function renderLegend(regions) {
  const labels = [...new Set(regions.filter((r) => !r.cell).map((r) => r.label))].sort();
  $('#legend').replaceChildren(
    ...labels.map((label) => {
      const swatch = el('i');
      swatch.style.borderColor = colourOf(label);
      return el('span', {}, swatch, label);
    }),
  );
}

const byRegions = (root, id) => [...root.querySelectorAll(`[data-regions~="${CSS.escape(id)}"]`)];

export function clearHighlights() {
  for (const node of document.querySelectorAll('.hl')) node.classList.remove('hl');
}

/** A chunk, field, citation or table cell was clicked: light up its regions and bring the first into view. */
export function selectPanelElement(element) {
  clearHighlights();
  element.classList.add('hl');
  element.closest('.item')?.classList.add('hl');
  const ids = element.dataset.regions.split(' ').filter(Boolean);
  const rects = ids.flatMap((id) => [...document.querySelectorAll(`#pages [data-region="${CSS.escape(id)}"]`)]);
  for (const rect of rects) rect.classList.add('hl');
  rects[0]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/** A region was clicked: light it up with every chunk, field or cell that points at it. */
export function selectRegion(rect) {
  clearHighlights();
  rect.classList.add('hl');
  const holders = byRegions($('#items'), rect.dataset.region);
  for (const holder of holders) {
    holder.classList.add('hl');
    holder.closest('.item')?.classList.add('hl');
  }
  holders[0]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
}
