/**
 * Grounding viewer: drives the public API from the browser (bearer key from the page, never stored server-side)
 * and draws each result's regions over the rendered page images. No framework, no build step.
 * Modules: client.js (the project's typed SDK, bundled by the server), results.js (responses → one view model),
 * render.js (overlays, list, highlighting), this one (API calls, files, operations, wiring).
 */
import { createDocintelClient } from './client.js';
import { $, clearHighlights, drawOverlay, el, renderItem, renderLegend, selectPanelElement, selectRegion, svgEl } from './render.js';
import { askView, extractView, layoutView, parseView, tablesView } from './results.js';

const KEY_STORE = 'docintel.viewer.key';
const FILES_STORE = 'docintel.viewer.files';
const MAX_PAGES = 500;

const DEFAULT_SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number', type: 'string' },
    { key: 'invoice_date', description: 'Invoice date', type: 'string' },
    { key: 'vendor_name', description: 'Name of the seller', type: 'string' },
    { key: 'total', description: 'Total amount due', type: 'number' },
  ],
  tables: [
    {
      key: 'line_items',
      description: 'Invoice line items',
      fields: [
        { key: 'description', description: 'Item description', type: 'string' },
        { key: 'quantity', description: 'Quantity', type: 'number' },
        { key: 'amount', description: 'Line amount', type: 'number' },
      ],
    },
  ],
};

const state = {
  file: null, // the FileRef on display
  pages: [], // [{ index, wrap, figure, img, svg, width, height, url }]
  view: null, // the normalized result on display
  sessions: new Map(), // file_id → ask session_id, so follow-up questions reuse the prepared index
  generation: 0, // bumped on every file switch: late page images of the previous file are dropped
};

function setStatus(message, isError = false) {
  $('#status').textContent = message;
  $('#status').classList.toggle('error', isError);
}

// ---------- API (through the typed SDK: errors arrive as DocintelApiError, "HTTP <status>: <detail>") ----------

let current = { key: '', client: null };

/** The SDK client for the key in the form; made again only when the key changes. */
function api() {
  const key = $('#key').value.trim();
  if (!key) throw new Error('enter an API key first');
  if (current.key !== key) current = { key, client: createDocintelClient({ baseUrl: location.origin, apiKey: key }) };
  return current.client;
}

/** Submits as an async job and follows it (events, or polling): works for documents of any size and shows progress. */
async function runJob(name, path, body) {
  const client = api();
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const job = await client.ok(client.POST(path, { body: { ...body, execution_mode: 'async' } }));
  if (!job.job_id) return job; // an endpoint that answered inline
  let latest = job;
  const showProgress = () => {
    const progress = latest.progress ? ` ${latest.progress.done}/${latest.progress.total} ${latest.progress.unit ?? ''}` : '';
    setStatus(`${name}: ${latest.status}${progress} · ${elapsed()}`);
  };
  showProgress();
  // Events only come on changes: the clock keeps ticking in between.
  const ticker = setInterval(showProgress, 250);
  let final;
  try {
    final = await client.waitForJob(job.job_id, {
      onProgress: (update) => {
        latest = update;
        showProgress();
      },
    });
  } finally {
    clearInterval(ticker);
  }
  if (final.status !== 'completed') throw new Error(`job ${final.job_id} ${final.status}: ${final.error?.msg ?? 'no reason given'}`);
  const result = await client.result(job.job_id);
  setStatus(`${name}: done in ${elapsed()}`);
  return result;
}

// ---------- pages and overlays ----------

const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const page = state.pages.find((p) => p.figure === entry.target);
      if (page) loadPageImage(page);
    }
  },
  { root: $('#pages'), rootMargin: '1500px 0px' },
);

function createPage(index) {
  const img = el('img', { alt: `Page ${index + 1}`, draggable: 'false' });
  const svg = svgEl('svg', { preserveAspectRatio: 'none', 'aria-label': `Regions on page ${index + 1}` });
  const figure = el('figure', { class: 'page', 'data-page': index }, img, svg);
  const wrap = el('div', { class: 'page-wrap' }, el('div', { class: 'page-no' }, `Page ${index + 1}`), figure);
  const page = { index, wrap, figure, img, svg, width: 0, height: 0, url: null };
  img.addEventListener('load', () => {
    // The overlay's user space is the image's pixel space: the API's boxes are drawn as they are, and the
    // browser scales them with the image (viewBox + preserveAspectRatio none).
    page.width = img.naturalWidth;
    page.height = img.naturalHeight;
    svg.setAttribute('viewBox', `0 0 ${page.width} ${page.height}`);
    figure.style.maxWidth = `${page.width}px`;
    figure.classList.add('loaded');
    drawOverlay(page, state.view);
  });
  observer.observe(figure);
  return page;
}

/** <img> cannot send the bearer header: fetch the image (as a Blob) and show it from an object URL. */
async function loadPageImage(page) {
  const generation = state.generation;
  try {
    const client = api();
    const params = { path: { file_id: state.file.file_id, page_index: page.index } };
    const blob = await client.ok(client.GET('/v1/files/{file_id}/pages/{page_index}/image', { params, parseAs: 'blob' }));
    if (generation !== state.generation) return;
    page.url = URL.createObjectURL(blob);
    page.img.src = page.url;
  } catch (err) {
    if (generation === state.generation) setStatus(`page ${page.index + 1} image: ${err.message}`, true);
  }
}

function showView(view) {
  state.view = view;
  for (const page of state.pages) drawOverlay(page, state.view);
  $('#items').replaceChildren(...(view?.items ?? []).map(renderItem));
  $('#text').textContent = view?.text || '(nothing to show for this operation)';
  $('#json').textContent = '';
  $('#answer').hidden = view?.answer === undefined;
  $('#answer').textContent = view?.answer ?? '';
  renderLegend(view?.regions ?? []);
  showTab('items');
}

function showTab(name) {
  for (const button of document.querySelectorAll('#tabs button')) button.classList.toggle('active', button.dataset.tab === name);
  for (const tab of document.querySelectorAll('.tab')) tab.hidden = tab.id !== name;
  // The raw JSON can be megabytes: only rendered when asked for.
  if (name === 'json' && state.view && !$('#json').textContent) $('#json').textContent = JSON.stringify(state.view.raw, null, 2);
}

// ---------- files ----------

function sessionFiles() {
  try {
    return JSON.parse(sessionStorage.getItem(FILES_STORE) ?? '[]');
  } catch {
    return [];
  }
}

function rememberFiles(refs) {
  const ids = new Set(refs.map((r) => r.file_id));
  const files = [...refs, ...sessionFiles().filter((f) => !ids.has(f.file_id))].slice(0, 100);
  sessionStorage.setItem(FILES_STORE, JSON.stringify(files));
}

function renderFileSelect() {
  const options = sessionFiles().map((f) => new Option(`${f.filename} · ${f.page_count ?? 1} p. · ${f.file_id}`, f.file_id));
  $('#file-select').replaceChildren(new Option('— pick a file —', ''), ...options);
  $('#file-select').value = state.file?.file_id ?? '';
}

function openFile(ref) {
  state.generation++;
  observer.disconnect();
  for (const page of state.pages) if (page.url) URL.revokeObjectURL(page.url);
  state.file = ref;
  const count = Math.min(ref.page_count ?? 1, MAX_PAGES);
  state.pages = Array.from({ length: count }, (_, i) => createPage(i));
  $('#pages').replaceChildren(...state.pages.map((p) => p.wrap));
  showView(null);
  renderFileSelect();
  const more = (ref.page_count ?? 1) > MAX_PAGES ? ` (showing the first ${MAX_PAGES})` : '';
  setStatus(`${ref.filename} · ${ref.page_count ?? 1} page(s)${more} · ${ref.file_id}. Run an operation.`);
}

async function uploadFiles(list) {
  const client = api();
  setStatus(`uploading ${list.length} file(s)…`);
  const files = await client.upload(list.map((file) => ({ name: file.name, data: file, type: file.type || undefined })));
  rememberFiles(files);
  openFile(files[0]);
}

async function openFileId(fileId) {
  const client = api();
  const ref = await client.ok(client.GET('/v1/files/{file_id}', { params: { path: { file_id: fileId } } }));
  rememberFiles([ref]);
  openFile(ref);
}

// ---------- operations ----------

function readSchema() {
  try {
    return JSON.parse($('#schema').value);
  } catch (err) {
    throw new Error(`the schema is not valid JSON: ${err.message}`);
  }
}

const OPERATIONS = {
  parse: { path: '/api/v1/parse', request: () => ({}), view: parseView },
  layout: { path: '/v1/layout', request: () => ({}), view: layoutView },
  tables: { path: '/v1/tables', request: () => ({}), view: tablesView },
  extract: { path: '/v1/extract', request: () => ({ schema: readSchema() }), view: extractView },
  ask: {
    path: '/api/v1/ask',
    request: () => {
      const query = $('#question').value.trim();
      if (!query) throw new Error('type a question first');
      return { query, session_id: state.sessions.get(state.file.file_id) };
    },
    view: askView,
  },
};

async function runOperation(name) {
  if (!state.file) throw new Error('upload or pick a file first');
  const operation = OPERATIONS[name];
  const file = state.file;
  const body = { input: { file_id: file.file_id }, ...operation.request() };
  let result;
  try {
    result = await runJob(name, operation.path, body);
  } catch (err) {
    if (name === 'ask') state.sessions.delete(file.file_id); // an expired session must not block the next question
    throw err;
  }
  if (state.file !== file) return; // another file was opened meanwhile
  if (result.session_id) state.sessions.set(file.file_id, result.session_id);
  const view = operation.view(result);
  showView(view);
  document.body.dataset.result = name;
  setStatus(`${$('#status').textContent} · ${view.items.length} item(s), ${view.regions.length} region(s)`);
}

/** Runs a user action with the operation buttons disabled; errors go to the status line. */
async function guarded(action) {
  const buttons = document.querySelectorAll('#ops button');
  for (const b of buttons) b.disabled = true;
  document.body.dataset.busy = 'true';
  try {
    await action();
  } catch (err) {
    setStatus(err.message, true);
  } finally {
    for (const b of buttons) b.disabled = false;
    delete document.body.dataset.busy;
  }
}

// ---------- wiring ----------

function start() {
  $('#key').value = sessionStorage.getItem(KEY_STORE) ?? '';
  $('#key').addEventListener('input', () => sessionStorage.setItem(KEY_STORE, $('#key').value.trim()));
  // Page images that failed (no key or a wrong one) are fetched again once a key is given.
  $('#key').addEventListener('change', () => {
    for (const page of state.pages) if (!page.url) observer.observe(page.figure);
  });
  $('#key-form').addEventListener('submit', (e) => e.preventDefault());
  $('#schema').value = JSON.stringify(DEFAULT_SCHEMA, null, 2);
  renderFileSelect();

  $('#file-input').addEventListener('change', (e) => {
    const list = [...e.target.files];
    e.target.value = '';
    if (list.length) guarded(() => uploadFiles(list));
  });
  $('#file-select').addEventListener('change', (e) => {
    const ref = sessionFiles().find((f) => f.file_id === e.target.value);
    if (ref) openFile(ref);
  });
  $('#id-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const id = $('#file-id').value.trim();
    if (id) guarded(() => openFileId(id));
  });
  for (const button of document.querySelectorAll('#ops button[data-op]')) {
    button.addEventListener('click', () => guarded(() => runOperation(button.dataset.op)));
  }
  $('#ask-form').addEventListener('submit', (e) => {
    e.preventDefault();
    guarded(() => runOperation('ask'));
  });
  $('#tabs').addEventListener('click', (e) => {
    const tab = e.target.closest('button[data-tab]');
    if (tab) showTab(tab.dataset.tab);
  });
  $('#items').addEventListener('click', (e) => {
    const target = e.target.closest('[data-regions]');
    if (target) selectPanelElement(target);
  });
  $('#pages').addEventListener('click', (e) => {
    const rect = e.target.closest('[data-region]');
    if (rect) {
      showTab('items');
      selectRegion(rect);
    } else clearHighlights();
  });
}

start();
