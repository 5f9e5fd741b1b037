// Per-block writes on PostgreSQL (issue 41, docs/team-server.md "Per-block writes"): issuing in one invoice block
// does not wait for issuing in another, numbering stays gapless and never doubled in each block under many concurrent
// creates over HTTP through two server instances, the change log's ids commit in order (a pull that read up to N
// never meets a smaller id later), and an issued invoice's audit row commits in its own transaction.
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from '../../electron/server/start';
import { BLOCK_LOCK_SPACE, WRITE_LOCK } from '../../electron/db/pg/write';
import { freshPgDatabase } from '../support/postgres';
import { call } from '../fault/support/http';
import { BUSINESS_NOW, SELLER, benchInvoice, buyerBody } from '../fault/support/bodies';

const KEY = 'block-locks-key-0123456789';

async function server(url: string): Promise<RunningServer> {
  return startServer({ pgUrl: url, port: 0, host: '127.0.0.1', auth: { apiKey: KEY }, now: BUSINESS_NOW, env: { FOLIO_RATES_PREFETCH: 'off', FOLIO_SECRET_KEY: randomBytes(32).toString('base64') } });
}

async function ok(base: string, method: string, path: string, body?: unknown): Promise<{ data: { id: number; attributes: Record<string, unknown> } }> {
  const res = await call(base, method, path, { key: KEY, timeoutMs: 60_000, ...(body === undefined ? {} : { body }) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body as never;
}

type PgClient = InstanceType<typeof pg.Client>;

async function connect(url: string): Promise<PgClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const inOrder = (count: number) => Array.from({ length: count }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`);

/** Waits until `n` advisory lock requests wait at PostgreSQL (not granted). */
async function waitingLocks(db: PgClient, n: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
    if (Number(rows[0]!.n) >= n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${n} lock requests never waited`);
}

/** Settles within `ms`, or answers 'pending'. */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms))]);

test('many concurrent creates over HTTP across two blocks and within one: gapless and unique per block, the change log read in order misses nothing', async () => {
  test.setTimeout(240_000);
  const url = await freshPgDatabase();
  const a = await server(url);
  const b = await server(url);
  const db = await connect(url);
  try {
    await ok(a.url, 'PUT', '/settings', { seller: SELLER });
    const clientId = (await ok(a.url, 'POST', '/clients', buyerBody('Blokk Kft.'))).data.id;
    const second = (await ok(b.url, 'POST', '/invoices/blocks', { name: 'Második', prefix: 'B2' })).data.id;
    // A puller reading the change log as a device does — after the last id it has seen — all through the burst.
    const seen = new Set<number>();
    let cursor = 0;
    let pulling = true;
    const puller = (async () => {
      while (pulling) {
        const { rows } = await db.query<{ seq: string }>('SELECT seq FROM change_log WHERE seq > $1 ORDER BY seq', [cursor]);
        for (const r of rows) seen.add(Number(r.seq));
        if (rows.length) cursor = Number(rows[rows.length - 1]!.seq);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const PER_CLIENT = 12;
    const numbers = await Promise.all(
      Array.from({ length: 16 }, async (_, c) => {
        const base = c % 2 ? b.url : a.url;
        const block = c % 4 < 2 ? 0 : second; // each block from both servers
        const got: Array<{ block: number; no: string }> = [];
        for (let i = 0; i < PER_CLIENT; i++) {
          // every other one in euros: a forint invoice adds to the day's summary row, which alone would keep two
          // creates' changes apart (docs/team-server.md "Per-block writes"); euro ones overlap up to their COMMIT
          const money = i % 2 ? { currency: 'EUR', exchange_rate: '391.5' } : {};
          const made = await ok(base, 'POST', '/invoices', { ...benchInvoice(clientId), ...money, block_uid: block });
          got.push({ block, no: made.data.attributes.invoice_no as string });
        }
        return got;
      }),
    );
    pulling = false;
    await puller;
    const { rows: tail } = await db.query<{ seq: string }>('SELECT seq FROM change_log WHERE seq > $1 ORDER BY seq', [cursor]);
    for (const r of tail) seen.add(Number(r.seq));

    const per = (block: number) => numbers.flat().filter((n) => n.block === block).map((n) => n.no).sort();
    expect(per(0)).toEqual(inOrder(8 * PER_CLIENT));
    expect(per(second)).toEqual(inOrder(8 * PER_CLIENT));
    const { rows: stored } = await db.query<{ block_id: string; invoice_no: string }>('SELECT block_id, invoice_no FROM invoices WHERE sealed = 1 ORDER BY block_id, invoice_no');
    expect(stored.filter((r) => Number(r.block_id) === 0).map((r) => r.invoice_no)).toEqual(inOrder(8 * PER_CLIENT));
    expect(stored.filter((r) => Number(r.block_id) === second).map((r) => r.invoice_no)).toEqual(inOrder(8 * PER_CLIENT));
    // every id the log holds was seen by the puller reading after its cursor: none committed behind it
    const { rows: all } = await db.query<{ seq: string }>('SELECT seq FROM change_log ORDER BY seq');
    expect(all.length).toBeGreaterThanOrEqual(16 * PER_CLIENT);
    expect([...seen].sort((x, y) => x - y)).toEqual(all.map((r) => Number(r.seq)));
    // one audit row per create, in the invoice's own transaction (the same xmin)
    const { rows: audit } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM audit_log a JOIN invoices i ON a.target_ids = '[' || i.id || ']' AND a.xmin = i.xmin WHERE a.operation = 'invoices.create'`,
    );
    expect(Number(audit[0]!.n)).toBe(16 * PER_CLIENT);
  } finally {
    await db.end();
    await Promise.all([a.close(), b.close()]);
  }
});

test('a create waits for its own block only; other writes wait for every create in progress', async () => {
  test.setTimeout(120_000);
  const url = await freshPgDatabase();
  const a = await server(url);
  const holder = await connect(url);
  try {
    await ok(a.url, 'PUT', '/settings', { seller: SELLER });
    const clientId = (await ok(a.url, 'POST', '/clients', buyerBody('Zár Kft.'))).data.id;
    const second = (await ok(a.url, 'POST', '/invoices/blocks', { name: 'Második', prefix: 'B2' })).data.id;
    // Another process is issuing in block 0: it holds the write lock shared and block 0's lock.
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock_shared($1::bigint), pg_advisory_xact_lock($2::int, 0)', [String(WRITE_LOCK), BLOCK_LOCK_SPACE]);
    const inZero = ok(a.url, 'POST', '/invoices', { ...benchInvoice(clientId), block_uid: 0 });
    // block 2 is issued meanwhile; block 0 waits
    const inSecond = await within(ok(a.url, 'POST', '/invoices', { ...benchInvoice(clientId), block_uid: second }), 30_000);
    expect(inSecond).not.toBe('pending');
    expect((inSecond as Exclude<typeof inSecond, 'pending'>).data.attributes.invoice_no).toBe('2026-000001');
    expect(await within(inZero, 500)).toBe('pending');
    // an exclusive write (a new client) waits too; and a create asked after it waits behind it, even in block 2
    // (PostgreSQL queues a shared request behind a waiting exclusive one, so a stream of creates cannot starve it)
    const client = ok(a.url, 'POST', '/clients', buyerBody('Közben Kft.'));
    await waitingLocks(holder, 2); // block 0's create and the client's exclusive write, both queued at PostgreSQL
    expect(await within(client, 10)).toBe('pending');
    const behind = ok(a.url, 'POST', '/invoices', { ...benchInvoice(clientId), block_uid: second });
    expect(await within(behind, 500)).toBe('pending');
    await holder.query('COMMIT');
    expect((await inZero).data.attributes.invoice_no).toBe('2026-000001');
    expect((await client).data.id).toBeGreaterThan(clientId);
    expect((await behind).data.attributes.invoice_no).toBe('2026-000002');

    // An exclusive write in progress (the write lock held alone): a create in any block waits for it.
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1::bigint)', [String(WRITE_LOCK)]);
    const waiting = ok(a.url, 'POST', '/invoices', { ...benchInvoice(clientId), block_uid: second });
    expect(await within(waiting, 500)).toBe('pending');
    await holder.query('COMMIT');
    expect((await waiting).data.attributes.invoice_no).toBe('2026-000003');
  } finally {
    await holder.end().catch(() => undefined);
    await a.close();
  }
});

test('the audit row travels with the RELEASE, its values quoted into the text: stored exactly as given; the seal and the NAV row with it', async () => {
  test.setTimeout(120_000);
  const url = await freshPgDatabase();
  const a = await server(url);
  const db = await connect(url);
  try {
    await ok(a.url, 'PUT', '/settings', { seller: SELLER });
    const clientId = (await ok(a.url, 'POST', '/clients', buyerBody('Idéző Kft.'))).data.id;
    const comment = `O'Brien \\ "idéz" $1 ''; SELECT 1; -- \\' E'x' ${'$'}folio$ ű`;
    const made = await ok(a.url, 'POST', '/invoices', { ...benchInvoice(clientId), comment });
    const { rows } = await db.query<{ summary: string; target_ids: string; same: boolean }>(
      `SELECT a.summary, a.target_ids, a.xmin = i.xmin AS same FROM audit_log a JOIN invoices i ON i.id = $1 WHERE a.operation = 'invoices.create'`,
      [made.data.id],
    );
    expect(rows).toHaveLength(1);
    expect((JSON.parse(rows[0]!.summary) as { comment: string }).comment).toBe(comment);
    expect(rows[0]!.target_ids).toBe(`[${made.data.id}]`);
    expect(rows[0]!.same).toBe(true);
    // the seal and the NAV queue's row travel with the same RELEASE: the invoice is sealed, its report queued once
    const sealed = await db.query<{ sealed: string; queued: string }>(
      `SELECT i.sealed, (SELECT count(*) FROM nav_reports n WHERE n.invoice_id = i.id) AS queued FROM invoices i WHERE i.id = $1`,
      [made.data.id],
    );
    expect(sealed.rows[0]).toEqual({ sealed: '1', queued: '1' });
  } finally {
    await db.end();
    await a.close();
  }
});
