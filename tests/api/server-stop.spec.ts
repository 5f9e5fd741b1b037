// Stopping the server (Ctrl+C on `npm run serve`, a restart) does not wait on a client that stalls: answers in
// flight get a grace period, then every connection left is cut (electron/server/start.ts, closeHttp).
import { connect, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { API_KEY, createInvoice, startTestServer } from '../support/fixtures';

/** A raw connection that sends `request` and reads nothing back until told to; `closed` once it has ended. */
async function stalledClient(url: string, request: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((done, fail) => socket.once('connect', done).once('error', fail));
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  socket.on('error', () => undefined); // the cut may reach it as ECONNRESET
  socket.write(request);
  socket.pause();
  return { socket, closed };
}

test('a half-sent request and downloads nobody reads do not keep the server from stopping', async () => {
  const srv = await startTestServer();
  const invoice = await createInvoice(srv.api);
  // headers never finished: Node would wait for them up to its headers timeout (a minute)
  const halfSent = await stalledClient(srv.url, 'GET /invoices HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  // the same PDF asked for again and again on one connection, pipelined, never read: the answers back up
  const download = `GET /invoices/${invoice.id as number}/download HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-KEY: ${API_KEY}\r\n\r\n`;
  const unread = await stalledClient(srv.url, download.repeat(8));
  // a client that reads its answer gets it whole while the others stall
  const res = await fetch(srv.api.url(`/invoices/${invoice.id as number}/download`), { headers: { 'X-API-KEY': API_KEY } });
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await srv.close();
  // the server has let go of both: once what reached them is read, they end
  halfSent.socket.resume();
  unread.socket.resume();
  await Promise.all([halfSent.closed, unread.closed]);
  expect(halfSent.socket.destroyed && unread.socket.destroyed).toBe(true);
});
