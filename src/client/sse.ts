/**
 * A minimal Server-Sent Events reader over a fetch body (the events endpoint sends `event`, `id`, `data`).
 */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

function parseBlock(block: string): SseEvent | null {
  const event: SseEvent = { event: 'message', data: '' };
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event.event = value;
    else if (field === 'id') event.id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  event.data = data.join('\n');
  return event;
}

/** Yields each event of the stream until the server closes it (or the request's signal aborts it). */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
      }
    }
    const last = parseBlock(buffer);
    if (last) yield last;
  } finally {
    // Stops the download when the caller leaves early (final event seen, or an abort).
    await reader.cancel().catch(() => {});
  }
}
