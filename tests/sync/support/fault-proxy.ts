// A loopback HTTP proxy in front of a remote that misbehaves on demand, request by request: answers 5xx, holds a
// request past the device's time limit, cuts the connection before forwarding, or — the nasty one — forwards the
// request, lets the remote commit it, and then cuts the connection instead of answering (the answer is lost).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type Fault = 'pass' | 'refuse' | 'lose-answer' | { status: number } | { delayMs: number };

export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: string;
  fault: Fault;
}

export interface FaultProxy {
  url: string;
  seen: SeenRequest[];
  /** decides the fault of each request (default: pass everything) */
  rule: (req: { method: string; path: string; idempotencyKey: string | undefined; body: string }) => Fault;
  /** requests held by a delayMs fault, and those of them the remote has answered since (forwarded or failed) */
  delayed: number;
  delayedDone: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const proxy: FaultProxy = { url: '', seen: [], rule: () => 'pass', delayed: 0, delayedDone: 0, close: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const fault = proxy.rule({ method: req.method ?? 'GET', path, idempotencyKey, body });
      proxy.seen.push({ method: req.method ?? 'GET', path, idempotencyKey, body, fault });
      void handle(fault, req, res, body, path);
    });
  });

  async function handle(fault: Fault, req: IncomingMessage, res: ServerResponse, body: string, path: string) {
    if (fault === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (typeof fault === 'object' && 'status' in fault) {
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'injected failure', code: 'internal' }));
      return;
    }
    if (typeof fault === 'object' && 'delayMs' in fault) {
      proxy.delayed++;
      await new Promise((r) => setTimeout(r, fault.delayMs));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    let upstream: Response;
    let text: string;
    try {
      upstream = await fetch(target + path, { method: req.method, headers, ...(body ? { body } : {}) });
      text = await upstream.text();
    } catch {
      req.socket.destroy();
      return;
    } finally {
      if (typeof fault === 'object' && 'delayMs' in fault) proxy.delayedDone++;
    }
    if (fault === 'lose-answer' || res.destroyed) {
      req.socket.destroy();
      return;
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return proxy;
}
