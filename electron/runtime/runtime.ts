// Assembles a running Folio from its parts: the core with its documents, delivery, rates and reporting services,
// and the background workers. `npm run serve`, the CLI and the Electron main process all start from here, so each
// door gets the same core.
import { FOLIO_ITSELF } from '../db/call-context';
import { createCore, type Core, type CoreDeps } from '../core/index';
import type { Clock } from '../core/clock';
import type { Db } from '../db/types';
import { runnerLock } from '../db/runner-lock';
import { createNavReporter, type NavReporterTuning } from '../nav-queue/reporter';
import { createNavSettings } from '../nav-settings/service';
import { navSealHook } from '../nav-queue/store';
import { blindSealHook } from '../core/invoices/service';
import type { FetchLike } from '../nav/transport';
import { createTaxpayerLookup } from '../nav/taxpayer';
import { createMailer, einvoiceForMail, mailOperationsFor, smtpSettingsFromEnv, type Mailer } from '../mail/index';
import type { SecretBox } from '../secrets/secret-box';
import { systemClock } from '../core/clock';
import { createRatePrefetch, prefetchCurrencies, prefetchEnabled, ratesFromEnv, type PrefetchTuning } from '../rates/index';
import { euVatFromEnv } from '../vat-eu/index';
import { createRecurringScheduler } from '../core/recurring/scheduler';
import { createReminderScheduler } from '../core/reminders/scheduler';
import type { ReminderPorts } from '../core/reminders/service';
import { reminderOutbox } from '../mail/reminder-outbox';
import { recipientsFor } from '../mail/recipients';
import { createSyncPort, createSyncService, type SyncService, type SyncServiceOptions } from '../sync/service';
import { createDataService, type DataService, type DataServiceOptions } from '../data-ops/service';
// NAV receipt data report (issue 35)
import { createReceiptReporter, type ReceiptReporter, type ReceiptReporterTuning } from '../nav-receipts/reporter';
import { receiptOperations } from '../nav-receipts/operations';
import { isConfigured as syncConfigured, readState as syncState } from '../sync/state';
// NAV inbound invoices (issue 39)
import { createNavInbound } from '../nav-inbound/service';

export interface RuntimeOptions {
  db: Db;
  clock: Clock;
  /** the process environment (serve) or the desktop's settings mapped to the same names */
  env?: Record<string, string | undefined>;
  /** HTTP for the outside services (NAV); tests pass one that reaches their local fakes */
  fetch?: FetchLike;
  /** the NAV sender's polls and backoff (tests shorten them) */
  navTuning?: NavReporterTuning;
  /** the sync worker's timings and HTTP (tests shorten them); sync itself stays off until configured */
  sync?: Omit<SyncServiceOptions, 'core'>;
  /** seals stored secrets (the SMTP password, the NAV keys): Electron's safeStorage on the desktop */
  secretBox?: SecretBox;
  /** the database in use now: a restore swaps it under the running runtime (the holder), and the restore's own audit row goes to the new one */
  currentDb?: () => Db;
  /** backups, restore and exports (the data area); they need the database file, so the CLI's runtime has none */
  data?: DataServiceOptions;
  /** the exchange-rate prefetch's timings (tests shorten them); FOLIO_RATES_PREFETCH=off turns it off */
  ratePrefetch?: PrefetchTuning;
  /** the reminder pass's timings (tests shorten them) */
  reminders?: { firstMs?: number; everyMs?: number };
  /** the receipt reporter's backoff and timeouts (tests shorten them) */
  receiptTuning?: ReceiptReporterTuning;
}

export interface Runtime {
  core: Core;
  nav: ReturnType<typeof createNavReporter>;
  /** NAV's receipt data report (docs/receipts.md) */
  receipts: ReceiptReporter;
  /** the invoices NAV holds for this business as buyer, fetched and booked (issue 39) */
  navInbound: ReturnType<typeof createNavInbound>;
  sync: SyncService;
  recurring: ReturnType<typeof createRecurringScheduler>;
  reminders: ReturnType<typeof createReminderScheduler>;
  mailer: Mailer;
  /** the data area's service, when the runtime has one (its export files are downloaded over HTTP) */
  data: DataService | null;
  /** starts the background workers (scheduler, outboxes) */
  start(): Promise<void>;
  stop(): Promise<void>;
  sharePdf(code: string): Promise<{ filename: string; pdf: Uint8Array } | undefined>;
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const env = options.env ?? {};
  const fetchLike = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  // The technical user: FOLIO_NAV_* when all are set, else the one saved on the settings screen, asked for before
  // every pass so that saving it takes effect without a restart.
  const navSettings = createNavSettings({ db: options.db, env, secretBox: options.secretBox, fetch: fetchLike });
  const nav = createNavReporter({
    db: options.db,
    credentials: navSettings.credentials,
    fetch: fetchLike,
    ...(options.navTuning ? { sender: options.navTuning } : {}),
  });
  await nav.isEnabled();
  // The PDF engine (pdfmake with its fonts, most of the code there is) is loaded on the first document, not at start.
  const pdf = async (invoice: Parameters<NonNullable<CoreDeps['pdf']>>[0]) => (await import('../documents/render')).renderInvoicePdf(invoice.attributes);
  const quotePdf = async (quote: Parameters<NonNullable<CoreDeps['quotePdf']>>[0]) => (await import('../documents/render')).renderQuotePdf(quote.attributes);
  // issue 40: delivery notes
  const deliveryNotePdf: NonNullable<CoreDeps['deliveryNotePdf']> = async (note, lang) => (await import('../documents/delivery-note')).renderDeliveryNotePdf(note, lang);
  // issue 35: a receipt on a till roll, from the quick-receipt screen
  const rollPdf: NonNullable<CoreDeps['rollPdf']> = async (invoice, mm) => (await import('../documents/pos')).renderPosPdf(invoice.attributes, mm);
  const facturx: NonNullable<CoreDeps['facturx']> = async (invoice, cii) => (await import('../documents/facturx')).renderFacturX(invoice.attributes, cii);
  // Mail retries and leases run on real time, never on a fixed business clock (FOLIO_NOW may stand still).
  const mailer = createMailer({
    db: options.db,
    clock: systemClock,
    pdf,
    quotePdf,
    // what a client who wants e-invoices gets by e-mail; the XML is the core's, checked against the EN 16931 rules
    einvoice: einvoiceForMail({
      db: options.db,
      xml: async (invoiceId, syntax) => (await import('../core/einvoice/index')).einvoiceXml(core.ctx, invoiceId, syntax),
      facturx,
    }),
    transportOptions: smtpSettingsFromEnv(env),
    retry: mailRetryFromEnv(env),
    ...(options.secretBox ? { secretBox: options.secretBox } : {}),
  });
  // Payment reminders are queued by the core into this outbox, in the transaction that records their step.
  const reminderPorts: ReminderPorts = {
    mailFrom: async () => (await mailer.currentSettings())?.from ?? null,
    kick: () => mailer.kick(),
    statementPdf: async (view) => (await import('../documents/statement')).renderStatementPdf(view),
    outbox: reminderOutbox(),
    recipients: (invoice) => recipientsFor(options.db, invoice),
    outboxClock: systemClock,
  };
  const syncPort = createSyncPort();
  const rates = ratesFromEnv(options.db, env);
  const deps: CoreDeps = {
    db: options.db,
    sync: syncPort.port,
    clock: options.clock,
    rates,
    euVat: await euVatFromEnv(env),
    // the same technical user as the reporter's, asked on every lookup, so saving it takes effect at once
    taxpayer: createTaxpayerLookup({ credentials: navSettings.credentials, fetch: fetchLike }),
    pdf,
    send: mailer.send,
    quotePdf,
    deliveryNotePdf,
    rollPdf,
    sendQuote: mailer.sendQuote,
    facturx,
    sealHooks: [navSealHook, blindSealHook(() => nav.kick())],
    reminders: reminderPorts,
    ...(options.secretBox ? { secretBox: options.secretBox } : {}),
    ...(options.currentDb ? { currentDb: options.currentDb } : {}),
    duties: async (invoiceId) => {
      const report = await nav.store.forInvoice(invoiceId);
      return {
        nav_enabled: await nav.isEnabled(),
        nav: report
          ? {
              state: report.state as never,
              transaction_id: report.transaction_id,
              error_code: report.error_code,
              error_message: report.error_message,
              updated_at: report.updated_at,
            }
          : null,
        email: await mailer.emailDuties(invoiceId),
      };
    },
    navRetry: async (invoiceId) => {
      await nav.retry(invoiceId);
      return deps.duties!(invoiceId);
    },
  };
  const core = await createCore(deps);
  core.provide(mailOperationsFor({ db: options.db, mailer, readInvoice: (id) => core.invoices.read(id) }));
  core.provide(navSettings.handlers(nav));
  // NAV receipt data report (issue 35): the same technical user; the business clock decides which days have closed.
  const receipts = createReceiptReporter({
    db: options.db,
    now: () => core.ctx.clock.now(),
    timeZone: () => core.ctx.timeZone,
    credentials: navSettings.credentials,
    env,
    fetch: fetchLike,
    ...(options.receiptTuning ? { tuning: options.receiptTuning } : {}),
    remoteReports: async () => {
      const s = await syncState(options.db);
      return s.enabled === 1 && syncConfigured(s);
    },
  });
  core.provide(
    receiptOperations({ db: options.db, reporter: receipts, credentials: navSettings.credentials, env, now: () => core.ctx.clock.now(), timeZone: () => core.ctx.timeZone }),
  );
  // NAV inbound invoices (issue 39): the same technical user; the daily run's timings from the environment (tests)
  const navInbound = createNavInbound({
    db: options.db,
    clock: options.clock,
    timeZone: () => core.ctx.timeZone,
    credentials: navSettings.credentials,
    fetch: fetchLike,
    firstMs: envMs(env.FOLIO_NAV_INBOUND_FIRST_MS),
    lagMs: envMs(env.FOLIO_NAV_INBOUND_LAG_MS),
  });
  core.provide(navInbound.handlers);
  const sync = createSyncService({ core, ...options.sync });
  const recurring = createRecurringScheduler({ core, onIssued: (invoice) => mailer.send(invoice) });
  syncPort.attach(sync);
  const reminders = createReminderScheduler({
    run: () => core.call('reminders.run', {}, { caller: FOLIO_ITSELF, loggedIf: (pass) => pass.queued.length > 0 || pass.withdrawn > 0 }),
    firstMs: options.reminders?.firstMs ?? envMs(env.FOLIO_REMINDERS_FIRST_MS),
    everyMs: options.reminders?.everyMs,
    lock: runnerLock(options.db, 'reminders'),
  });
  const data = options.data ? createDataService({ ...options.data, db: options.db, timeZone: () => core.ctx.timeZone, mailer }) : null;
  if (data) core.provide(data.operations);
  // Rates are fetched ahead while online, so an invoice written offline finds its day's rate in the cache.
  const ratePrefetch = prefetchEnabled(env)
    ? createRatePrefetch({
        provider: rates,
        clock: options.clock,
        timeZone: () => core.ctx.timeZone,
        currencies: () => prefetchCurrencies(options.db),
        ...options.ratePrefetch,
      })
    : null;
  return {
    core,
    nav,
    receipts,
    navInbound,
    sync,
    recurring,
    reminders,
    mailer,
    data,
    async start() {
      mailer.start();
      await recurring.start();
      reminders.start();
      nav.start();
      receipts.start();
      navInbound.start();
      sync.start();
      data?.start();
      ratePrefetch?.start();
    },
    async stop() {
      await ratePrefetch?.stop();
      await data?.stop();
      await recurring.stop();
      await reminders.stop();
      await mailer.stop();
      await sync.stop();
      await nav.stop();
      await receipts.stop();
      await navInbound.stop();
    },
    async sharePdf(code) {
      const invoice = await core.invoices.byShareCode(code);
      if (!invoice) return undefined;
      const file = await core.call('invoices.download', { id: invoice.id });
      return file;
    },
  };
}

/** A duration from the environment (tests shorten the first reminder pass); undefined keeps the default. */
function envMs(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * The crash tests (tests/reminders/crash.spec.ts) shorten the outbox's timings: FOLIO_MAIL_LEASE_MS, so a message
 * whose attempt a SIGKILL cut short is taken again within seconds, and FOLIO_MAIL_RETRY_MS, a constant retry
 * interval instead of the backoff. A lease shorter than an SMTP attempt's timeouts risks a second delivery: nothing
 * but a test should set them.
 */
function mailRetryFromEnv(env: Record<string, string | undefined>): { leaseMs?: number; baseMs?: number; maxMs?: number } {
  const lease = envMs(env.FOLIO_MAIL_LEASE_MS);
  const retry = envMs(env.FOLIO_MAIL_RETRY_MS);
  return { ...(lease !== undefined ? { leaseMs: lease } : {}), ...(retry !== undefined ? { baseMs: retry, maxMs: retry } : {}) };
}
