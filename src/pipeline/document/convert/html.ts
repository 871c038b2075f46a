/**
 * HTML as it is laid out into pages. mupdf runs no scripts and fetches nothing (it has no network and no base
 * directory for buffers), but whatever it cannot load it marks with "[image]" text: elements that could only
 * refer outside the document are removed, so the page text is the document's own.
 */

/** Tables ruled like printed ones, so that table detection sees their grid. */
const BASE_CSS = `
body { font-family: serif; }
table { border-collapse: collapse; margin: 6pt 0; }
td, th { border: 1px solid black; padding: 2pt 5pt; vertical-align: top; text-align: left; }
td p, th p { margin: 0; }
h1 { font-size: 1.8em; } h2 { font-size: 1.4em; }
`;

const DROPPED_WITH_CONTENT = /<(script|iframe|object|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const DROPPED_VOID = /<(script|iframe|object|embed|link|base|meta|frame|frameset|audio|video|source)\b[^>]*\/?>/gi;
/** An <img> whose source is not inline data (a data: URI) would only be a placeholder. */
const REMOTE_IMAGE = /<img\b(?![^>]*\bsrc\s*=\s*["']?data:)[^>]*>/gi;
const CSS_IMPORT = /@import\b[^;]*;?/gi;

export function sanitizeHtml(html: string): string {
  return html.replace(DROPPED_WITH_CONTENT, '').replace(DROPPED_VOID, '').replace(REMOTE_IMAGE, '').replace(CSS_IMPORT, '');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** A whole page document around a body fragment, with the base stylesheet. */
export function htmlPage(body: string, title = ''): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${BASE_CSS}</style></head><body>${body}</body></html>`;
}

/** An uploaded HTML file: sanitized, with the base stylesheet ahead of its own styles. */
export function uploadedHtml(html: string): string {
  const clean = sanitizeHtml(html);
  const style = `<style>${BASE_CSS}</style>`;
  if (/<head\b[^>]*>/i.test(clean)) return clean.replace(/<head\b[^>]*>/i, (m) => `${m}${style}`);
  return htmlPage(clean);
}

export { BASE_CSS };
