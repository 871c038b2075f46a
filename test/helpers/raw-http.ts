/**
 * HTTP/1.1 over one raw TCP socket, for checks a pooled client hides: what happens to a keep-alive connection
 * after an answer, whether a second request on the same socket is answered, when the server closes it.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type RawOutcome = RawResponse | 'closed' | 'timeout';

export class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private readonly responses: RawResponse[] = [];
  private closed = false;
  private wake: (() => void) | null = null;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
      this.wake?.();
    });
    // A reset after the server closed is an outcome like any close, not a test error.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  /** Writes bytes; the server may already have closed (a refused upload), which is for next() to report. */
  send(bytes: Buffer | string): void {
    if (!this.socket.destroyed) this.socket.write(bytes, () => undefined);
  }

  /** The next whole response, or how the wait ended: the server closed the socket, or timeoutMs passed. */
  async next(timeoutMs = 10_000): Promise<RawOutcome> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const response = this.responses.shift();
      if (response) return response;
      if (this.closed) return 'closed';
      const left = until - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  close(): void {
    this.socket.destroy();
  }

  /** Responses with a Content-Length body (every answer these tests look at has one). */
  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    }
  }
}

/** A request as bytes: request line, Host and Content-Length, the given headers, the body. */
export function rawRequest(method: string, url: string, headers: Record<string, string>, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = [`${method} ${url} HTTP/1.1`, 'Host: localhost', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body.length > 0 || method !== 'GET') head.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(head.join('\r\n') + '\r\n\r\n', 'latin1'), body]);
}
