// The team server as it is deployed: `npm run serve -- --pg …` processes sharing one PostgreSQL database. Sixteen
// clients issue into one block through two processes (gapless, unique, none lost), and a process killed with
// SIGKILL mid-issue loses no invoice it acknowledged (docs/team-server.md).
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SERVE_ENTRY } from '../support/built';
import { freshPgDatabase } from '../support/postgres';
import { startChild, type Child } from '../fault/support/procs';
import { call } from '../fault/support/http';
import { BUSINESS_NOW, SELLER, benchInvoice, buyerBody } from '../fault/support/bodies';

const KEY = 'team-server-key-0123456789';
const SECRET = randomBytes(32).toString('base64');

async function serve(url: string): Promise<Child & { url: string }> {
  const child = startChild([SERVE_ENTRY, '--pg', url, '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW, FOLIO_SECRET_KEY: SECRET, FOLIO_RATES_PREFETCH: 'off' });
  const m = await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000);
  return Object.assign(child, { url: m[1]! });
}

async function ok(base: string, method: string, path: string, body?: unknown): Promise<{ data: { id: number; attributes: Record<string, unknown> } }> {
  const res = await call(base, method, path, { key: KEY, ...(body === undefined ? {} : { body }) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body as never;
}

/** The numbers of the issued invoices of block 0, read from the database itself. */
async function issuedNumbers(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ invoice_no: string }>(`SELECT invoice_no FROM invoices WHERE invoice_no IS NOT NULL AND type = 3 ORDER BY invoice_no`);
    return rows.map((r) => r.invoice_no);
  } finally {
    await client.end();
  }
}

const inOrder = (count: number) => Array.from({ length: count }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`);

test('sixteen clients issuing into one block through two server processes get gapless, unique numbers', async () => {
  test.setTimeout(180_000);
  const url = await freshPgDatabase();
  const a = await serve(url);
  const b = await serve(url);
  try {
    await ok(a.url, 'PUT', '/settings', { seller: SELLER });
    const clientId = (await ok(b.url, 'POST', '/clients', buyerBody('Csapat Kft.'))).data.id;
    const PER_CLIENT = 10;
    const acknowledged = (
      await Promise.all(
        Array.from({ length: 16 }, async (_, c) => {
          const base = c % 2 ? b.url : a.url;
          const numbers: string[] = [];
          for (let i = 0; i < PER_CLIENT; i++) numbers.push((await ok(base, 'POST', '/invoices', benchInvoice(clientId))).data.attributes.invoice_no as string);
          return numbers;
        }),
      )
    ).flat();
    expect(acknowledged.sort()).toEqual(inOrder(16 * PER_CLIENT));
    expect(await issuedNumbers(url)).toEqual(inOrder(16 * PER_CLIENT));
  } finally {
    await Promise.all([a.kill(), b.kill()]);
  }
});

test('a server process killed mid-issue loses no acknowledged invoice, and the other carries on gapless', async () => {
  test.setTimeout(180_000);
  const url = await freshPgDatabase();
  const doomed = await serve(url);
  const survivor = await serve(url);
  try {
    await ok(survivor.url, 'PUT', '/settings', { seller: SELLER });
    const clientId = (await ok(survivor.url, 'POST', '/clients', buyerBody('Túlélő Kft.'))).data.id;
    const acknowledged: string[] = [];
    let stop = false;
    // Eight clients keep issuing through the doomed process; it is killed while they do.
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const res = await call(doomed.url, 'POST', '/invoices', { key: KEY, body: benchInvoice(clientId), timeoutMs: 5_000 }).catch(() => null);
        if (!res) return; // the process is gone: what was not answered was not promised
        if (res.status === 201 || res.status === 200) acknowledged.push((res.body as { data: { attributes: { invoice_no: string } } }).data.attributes.invoice_no);
      }
    });
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    expect(await doomed.kill('SIGKILL')).toBeNull();
    stop = true;
    await Promise.all(writers);
    // The survivor goes on numbering after the last committed number: a transaction the kill cut off gave its number back.
    const after = (await ok(survivor.url, 'POST', '/invoices', benchInvoice(clientId))).data.attributes.invoice_no as string;
    const stored = await issuedNumbers(url);
    for (const number of acknowledged) expect(stored).toContain(number);
    expect(stored).toEqual(inOrder(stored.length));
    expect(stored.at(-1)).toBe(after);
  } finally {
    await Promise.all([doomed.kill(), survivor.kill()]);
  }
});
