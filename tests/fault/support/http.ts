// A small HTTP client for the fault tests on node:http: every request has a deadline, so a hung server fails the
// test with a clear message instead of hanging the suite, and keep-alive sockets are reused like a real client's.
import http from 'node:http';

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface CallOptions {
  key?: string | undefined;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** a fresh connection (no keep-alive), for requests that may leave a socket in a bad state */
  fresh?: boolean;
  /** the client's source address: 127.0.0.x are all loopback on Linux, so a test can be "another client IP" */
  localAddress?: string;
}

export function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.key ? { 'x-api-key': options.key } : {}), ...options.headers };
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    // Big bodies go on a connection of their own: the server may refuse them early and close it.
    const fresh = options.fresh ?? (options.localAddress !== undefined || (body !== undefined && Buffer.byteLength(body) > 65_536));
    const req = http.request(
      `${base}${path}`,
      { method, headers, agent: fresh ? false : agent, ...(options.localAddress ? { localAddress: options.localAddress } : {}) },
      (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, text, headers: res.headers });
      });
      res.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    // The server may answer (413) and close before a huge body is written: the answer counts, not the write error.
    // …and a socket reset after the answer was read must not surface as an uncaught error.
    req.on('socket', (socket) => {
      if (!socket.listenerCount('error')) socket.on('error', () => undefined);
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** The error envelope every refusal must carry (docs/design.md §5). */
export function isErrorEnvelope(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return b.success === false && typeof b.error === 'string' && b.error.length > 0 && typeof b.code === 'string' && b.code.length > 0;
}
