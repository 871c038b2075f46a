/**
 * Route schemas reference shared schemas by id (`{ $ref: 'InputSource#' }`), which only resolve inside the app's
 * schema store. A tool's input schema is read by clients that have no such store (MCP clients, LLMs), so the
 * references are inlined. Unknown references are left as they are.
 */
export function inlineSharedRefs(schema: Record<string, unknown>, shared: Map<string, Record<string, unknown>>): Record<string, unknown> {
  return inline(schema, shared, []) as Record<string, unknown>;
}

function inline(node: unknown, shared: Map<string, Record<string, unknown>>, seen: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, shared, seen));
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const ref = typeof record.$ref === 'string' ? record.$ref : undefined;
  if (ref) {
    const id = ref.endsWith('#') ? ref.slice(0, -1) : ref;
    const target = shared.get(id);
    // A self-referencing shared schema would inline forever: keep the reference at the second visit.
    if (target && !seen.includes(id)) {
      const { $ref: _ref, ...siblings } = record;
      const { $id: _id, ...body } = target;
      return inline({ ...body, ...siblings }, shared, [...seen, id]);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = key === '$id' ? value : inline(value, shared, seen);
  return out;
}
