// Test helpers for the mail suite: a real SMTP server on 127.0.0.1 (smtp-server) whose deliveries are parsed back
// with mailparser, a core on a temporary database with an issued invoice, and a PDF text reader (pdfjs-dist).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock, type Clock } from '../../electron/core/clock';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { renderInvoicePdf } from '../../electron/documents/index';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { SmtpSettings } from '../../electron/mail/index';
import { seedSeller } from '../support/fixtures';

export const BUSINESS_NOW = '2026-03-15T10:00:00+01:00';
/**
 * The business clock of every core the specs build: the invoices are issued on 15 March 2026, so their due dates
 * (23 March) are not before the issue date, and the mails and PDFs read the same dates on any day the suite runs.
 */
export const businessClock: Clock = fixedClock(BUSINESS_NOW);

export interface TestSmtp {
  port: number;
  /** every message the server accepted, parsed */
  messages: ParsedMail[];
  /** wait until at least n messages arrived */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** `delayMs` holds each message before the server answers 250 (a slow server, to make attempts overlap). */
export async function startSmtp(options: { port?: number; delayMs?: number } & Partial<SMTPServerOptions> = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const { port: wanted, delayMs = 0, ...rest } = options;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...rest,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          setTimeout(() => callback(), delayMs);
        },
        (e: Error) => callback(e),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    messages,
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} messages, got ${messages.length}`);
        await sleep(20);
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (a server is started on it later to play "the server is back"). */
export async function closedPort(): Promise<number> {
  const s = await startSmtp();
  await s.close();
  return s.port;
}

export function smtpSettings(port: number, over: Partial<SmtpSettings> = {}): SmtpSettings {
  return { host: '127.0.0.1', port, security: 'none', user: '', password: '', from: 'Folio Teszt <szamla@folio.test>', ...over };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-mail-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Fixture {
  dir: string;
  file: string;
  opened: OpenedDatabase;
  core: Core;
  close(): Promise<void>;
}

/**
 * A core on a fresh database file whose seller is set up (an invoice is numbered only for a complete seller); the
 * specs build further cores on `opened.db`, which share that seller through the settings table.
 */
export async function openFixture(opts: { file?: string; clock?: Clock } = {}): Promise<Fixture> {
  const tmp = opts.file ? null : tempDir();
  const file = opts.file ?? join(tmp!.dir, 'folio.sqlite');
  const opened = await openDatabase(file);
  const core = await createCore({ db: opened.db, clock: opts.clock ?? businessClock });
  await seedSeller(core);
  return {
    dir: tmp?.dir ?? '',
    file,
    opened,
    core,
    async close() {
      await opened.close();
      tmp?.remove();
    },
  };
}

/** The buyer of this suite's invoices (tests/support/fixtures.ts). */
export { createBuyer as createClient } from '../support/fixtures';

/** An issued normal invoice (type 3) for the client, read back in full. */
export async function issueInvoice(core: Core, clientId: number, over: Record<string, unknown> = {}): Promise<Resource<InvoiceAttributes>> {
  const created = await core.call('invoices.create', {
    client_uid: clientId,
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    fulfillment_date: '2026-03-15',
    due_date: '2026-03-23',
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 1000 }],
    ...over,
  } as never);
  return core.invoices.read((created as { id: number }).id);
}

export const renderPdf = async (invoice: Resource<InvoiceAttributes>) => renderInvoicePdf(invoice.attributes);

export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    let text = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    return text.replace(/\u00a0/g, ' ');
  } finally {
    await doc.destroy();
  }
}

/** pdfkit writes a random document /ID and the wall-clock creation time into every file; the rest is deterministic. */
export function withoutPdfId(pdf: Uint8Array): string {
  return Buffer.from(pdf)
    .toString('latin1')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []')
    .replace(/\(D:\d{14}Z\)/g, '(D:)');
}

/** A clock a test moves by hand (real time for the outbox: retries and leases). */
export class StepClock implements Clock {
  constructor(private ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
