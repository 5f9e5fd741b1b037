// Reports the receipts of each closed business day to NAV's receipt interface, exactly once per change:
//
//   a day's group (day, currency, rate) ──CreateReceiptRequest──▶ reported (NAV's id kept)
//   its figures change later (a receipt of it cancelled on a later day, a receipt synced late) ──ModifyReceiptRequest──▶ reported (new id)
//   a person invalidates it ──InvalidateReceiptRequest──▶ invalidated
//
// Exactly once, as for invoices (docs/nav.md "Sender and queue"): the request and `submitted_at` are stored before
// it goes. An answer stored clears them. A request left in flight (the process died, the answer was lost) is looked
// up first: NAV's list of the day's reports (ReceiptListRequest) is searched for a report of this software with the
// same first number, counts and total; found, it is adopted, else the request is sent again. NAV refusing a request
// (it took nothing in) clears it: the group waits for a person (`retry`) with NAV's words stored.
// The software is registered once (IssuingSoftwareListRequest, then CreateIssuingSoftwareRequest when not listed),
// and the VAT categories are NAV's (VatCategoryRequest): Folio's category of a line must be among them.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { runnerLock } from '../db/runner-lock';
import { addDays, dateIn } from '../../shared/dates';
import { Big } from '../../shared/money';
import type { NavCredentials } from '../nav/sender';
import type { FetchLike } from '../nav/transport';
import { navSystemOf } from '../nav-settings/systems';
import { candidateDays, dayFigures, groupKey, ReceiptDataError, sameFigures, amount2, type ReceiptFigures } from './figures';
import { createReceiptClient, ReceiptCallError, type ReceiptClient } from './client';
import { createReceiptStore, figuresOf, historyOf, receiptLease, type HistoryEntry, type NavReceiptReportsTable, type ReceiptOperation } from './store';
type ReceiptXml = typeof import('./xml');

/** NAV's receipt interface by system (third-party sources, docs/receipts.md); FOLIO_NAV_RECEIPT_URL overrides. */
export const NAV_RECEIPT_URLS = {
  test: 'https://bv-receipt-if.enyugta.nav.gov.hu/v1',
  production: 'https://receipt-if.enyugta.nav.gov.hu/v1',
} as const;

/** The name Folio registers and reports under (IssuingSoftwareNameType). */
export const RECEIPT_SOFTWARE_NAME = 'Folio';

export interface ReceiptReporterTuning {
  /** backoff after a failure: base × 2^(attempts−1), at most max (default 1 min … 1 h) */
  retry?: { baseDelayMs?: number; maxDelayMs?: number };
  requestTimeoutMs?: number;
  /** how many days back each pass looks for receipts (and cancellations) it has not reported (default 62) */
  lookbackDays?: number;
}

export type CredentialsSource = () => Promise<NavCredentials | null> | NavCredentials | null;

export interface ReceiptReporterOptions {
  db: Db;
  /** the business clock: which day has closed */
  now: () => Date;
  timeZone: () => string;
  credentials: CredentialsSource;
  env: Record<string, string | undefined>;
  fetch: FetchLike;
  tuning?: ReceiptReporterTuning;
  intervalMs?: number;
  leaseMs?: number;
  log?: (m: string) => void;
  /** true on a device that syncs with a remote: the remote, which holds every device's receipts, reports them */
  remoteReports?: () => Promise<boolean>;
}

export interface ReceiptPassResult {
  /** off: switched off in the settings; not_set_up: no technical user or no address; busy: another process reports;
   * remote_reports: this device syncs with a remote, which reports the receipts of every device */
  status: 'ran' | 'off' | 'not_set_up' | 'busy' | 'remote_reports';
  created: number;
  modified: number;
  invalidated: number;
  found: number;
  refused: number;
  failed: number;
  /** the problem that ended the pass early (NAV down, the user refused) */
  problem: { code: string; message: string } | null;
}

/** Where the receipt interface is: the override, else the receipt address of the invoice user's NAV system. */
export function receiptBaseUrl(credentials: NavCredentials, env: Record<string, string | undefined>): string | null {
  if (env.FOLIO_NAV_RECEIPT_URL) return env.FOLIO_NAV_RECEIPT_URL;
  const system = navSystemOf(credentials.baseUrl);
  return system === 'other' ? null : NAV_RECEIPT_URLS[system];
}

const norm = (name: string) => name.toUpperCase().replace(/\s+/g, '');

class PassEnded extends Error {
  constructor(readonly problem: { code: string; message: string }) {
    super(problem.message);
  }
}

export function createReceiptReporter(o: ReceiptReporterOptions) {
  const store = createReceiptStore(o.db);
  const log = o.log ?? ((m: string) => console.error(`folio: NAV receipts: ${m}`));
  const leaseMs = o.leaseMs ?? 120_000;
  const fileLease = receiptLease(o.db, randomUUID(), leaseMs);
  const lease = runnerLock(o.db, 'nav-receipts', { sqlite: { tryHold: () => fileLease.hold(), release: () => fileLease.release() } });
  const baseDelay = o.tuning?.retry?.baseDelayMs ?? 60_000;
  const maxDelay = o.tuning?.retry?.maxDelayMs ?? 3_600_000;
  let running: Promise<ReceiptPassResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let held = false;

  const today = () => dateIn(o.now(), o.timeZone());

  /**
   * What one pass needs of NAV, fetched once and only when there is something to send; with NAV's receipt XML
   * (`xml`), loaded by the first pass that talks to NAV rather than at start.
   */
  function session(client: ReceiptClient, taxPayerId: string, xml: ReceiptXml) {
    const { buildCreateIssuingSoftwareRequest, buildIssuingSoftwareListRequest, buildVatCategoryRequest, newMeta, readSoftwareNames, readVatCategories } = xml;
    let categories: Array<{ name: string; validFrom?: string; validTo?: string }> | undefined;
    let registered = false;
    return {
      client,
      taxPayerId,
      xml,
      async ready(): Promise<void> {
        if (registered) return;
        const settings = await store.settings();
        const mark = `${taxPayerId}:${RECEIPT_SOFTWARE_NAME}`;
        if (settings.software_registered !== mark) {
          const listed = readSoftwareNames((await client.call('issuing-software/list', buildIssuingSoftwareListRequest(taxPayerId, newMeta(o.now())))).answer);
          if (!listed.includes(RECEIPT_SOFTWARE_NAME)) {
            await client.call('issuing-software/create', buildCreateIssuingSoftwareRequest(taxPayerId, RECEIPT_SOFTWARE_NAME, newMeta(o.now())));
          }
          await store.saveSettings({ software_registered: mark });
        }
        registered = true;
      },
      /** Folio's category names → NAV's, for the day; a name NAV does not list stops that group (LOCAL_VAT_CATEGORY). */
      async names(f: ReceiptFigures): Promise<ReceiptFigures> {
        categories ??= readVatCategories((await client.call('vat-category/list', buildVatCategoryRequest(newMeta(o.now())))).answer);
        const valid = categories.filter((c) => (!c.validFrom || c.validFrom <= f.day) && (!c.validTo || c.validTo >= f.day));
        return {
          ...f,
          categories: f.categories.map((c) => {
            const nav = valid.find((v) => norm(v.name) === norm(c.vat));
            if (!nav) throw new ReceiptDataError('vat', `NAV ÁFA-kategóriái között nincs „${c.vat}” (${f.day})`);
            return { ...c, vat: nav.name };
          }),
        };
      },
    };
  }
  type Session = ReturnType<typeof session>;

  function backoff(attempts: number): string {
    const ms = Math.min(maxDelay, baseDelay * 2 ** Math.max(0, attempts - 1));
    return new Date(o.now().getTime() + ms).toISOString();
  }

  async function addHistory(row: NavReceiptReportsTable, entry: Omit<HistoryEntry, 'at'>): Promise<string> {
    const history = historyOf(row);
    history.push({ ...entry, at: new Date().toISOString() });
    return JSON.stringify(history);
  }

  /** NAV's list of the day, searched for the request in doubt: the id NAV gave it, or null when it never arrived. */
  async function lookUp(s: Session, row: NavReceiptReportsTable): Promise<{ found: boolean; id: string | null }> {
    const { buildReceiptListRequest, newMeta, readReceiptList } = s.xml;
    const listed = readReceiptList((await s.client.call('receipt/list', buildReceiptListRequest(s.taxPayerId, row.day, newMeta(o.now())))).answer);
    if (row.pending_operation === 'INVALIDATE') {
      const mine = listed.find((r) => r.id === row.nav_id);
      return { found: !mine || mine.status === 'INVALIDATED', id: null };
    }
    const f = figuresOf(row.pending_figures)!;
    const match = listed.find(
      (r) =>
        r.status === 'RECORDED' &&
        r.software === RECEIPT_SOFTWARE_NAME &&
        r.applicableDate === row.day &&
        r.serialNumber === f.serialNumber &&
        r.numberOfSaleDocument === f.saleCount &&
        r.numberOfModifyingDocument === f.modifyingCount &&
        r.totalAmount !== '' &&
        new Big(r.totalAmount).eq(new Big(amount2(f.totalMilli))),
    );
    return match ? { found: true, id: match.id } : { found: false, id: null };
  }

  /** NAV holds the request's outcome now: store it and clear the request. */
  async function accepted(row: NavReceiptReportsTable, id: string | null, response: string | null, outcome: 'accepted' | 'found'): Promise<void> {
    const op = row.pending_operation as ReceiptOperation;
    const invalidated = op === 'INVALIDATE';
    await store.update(row.id, {
      state: invalidated ? 'invalidated' : 'reported',
      nav_id: invalidated ? null : id,
      reported_figures: invalidated ? null : row.pending_figures,
      pending_operation: null,
      pending_request: null,
      pending_figures: null,
      submitted_at: null,
      attempts: 0,
      next_attempt_at: null,
      error_code: null,
      error_message: null,
      ...(response !== null ? { last_response: response } : {}),
      history: await addHistory(row, { operation: op, outcome, nav_id: invalidated ? row.nav_id : id, code: null, message: null }),
    });
  }

  /** Sends the stored request (after looking it up when it may have arrived already). */
  async function send(s: Session, row: NavReceiptReportsTable, result: ReceiptPassResult): Promise<void> {
    const { buildInvalidateReceiptRequest, newMeta, readId } = s.xml;
    if (row.submitted_at) {
      const seen = await lookUp(s, row);
      if (seen.found) {
        await accepted(row, seen.id, null, 'found');
        result.found++;
        return;
      }
    }
    await store.update(row.id, { submitted_at: new Date().toISOString() });
    const op = row.pending_operation as ReceiptOperation;
    const path = op === 'CREATE' ? 'receipt/create' : op === 'MODIFY' ? 'receipt/modify' : 'receipt/invalidate';
    try {
      // an invalidation is built when it goes: it names only NAV's id and the taxpayer
      const body = op === 'INVALIDATE' ? buildInvalidateReceiptRequest(row.nav_id!, s.taxPayerId, newMeta(o.now())) : row.pending_request!;
      const { answer, text } = await s.client.call(path, body);
      const id = op === 'INVALIDATE' ? null : (readId(answer) ?? null);
      await accepted(row, id, text, 'accepted');
      if (op === 'CREATE') result.created++;
      else if (op === 'MODIFY') result.modified++;
      else result.invalidated++;
    } catch (e) {
      if (!(e instanceof ReceiptCallError)) throw e;
      if (e.kind === 'refused') {
        // NAV answered no: it holds nothing of this request, so it is dropped; the group waits for a person.
        await store.update(row.id, {
          state: 'refused',
          pending_operation: null,
          pending_request: null,
          pending_figures: null,
          submitted_at: null,
          attempts: 0,
          next_attempt_at: null,
          error_code: e.code,
          error_message: fieldWords(e),
          last_response: e.response ?? null,
          history: await addHistory(row, { operation: op, outcome: 'refused', nav_id: row.nav_id, code: e.code, message: fieldWords(e) }),
        });
        result.refused++;
        return;
      }
      // No answer or the user refused: the request stays stored (in doubt unless NAV answered), tried again later.
      const attempts = row.attempts + 1;
      await store.update(row.id, {
        attempts,
        next_attempt_at: backoff(attempts),
        error_code: e.code,
        error_message: e.message,
        ...(e.kind === 'config' ? { submitted_at: null } : {}),
        ...(e.response ? { last_response: e.response } : {}),
      });
      result.failed++;
      throw new PassEnded({ code: e.code, message: e.message });
    }
  }

  /** The request a group needs now, stored before it goes; null when NAV already holds its figures. */
  async function prepare(s: Session, row: NavReceiptReportsTable, f: ReceiptFigures): Promise<NavReceiptReportsTable | null> {
    const { buildCreateReceiptRequest, buildModifyReceiptRequest, newMeta } = s.xml;
    if (row.state === 'refused' || row.state === 'invalidated') return null; // waits for a person
    if (row.nav_id && sameFigures(figuresOf(row.reported_figures), f)) {
      if (row.state !== 'reported') await store.update(row.id, { state: 'reported' });
      return null;
    }
    await s.ready();
    let xml: string;
    let op: ReceiptOperation;
    try {
      const named = await s.names(f);
      op = row.nav_id ? 'MODIFY' : 'CREATE';
      xml =
        op === 'MODIFY'
          ? buildModifyReceiptRequest(row.nav_id!, s.taxPayerId, RECEIPT_SOFTWARE_NAME, named, newMeta(o.now()))
          : buildCreateReceiptRequest(s.taxPayerId, RECEIPT_SOFTWARE_NAME, named, newMeta(o.now()));
    } catch (e) {
      if (!(e instanceof ReceiptDataError)) throw e;
      await localRefusal(row, e);
      return null;
    }
    const set = { state: 'waiting', pending_operation: op, pending_request: xml, pending_figures: JSON.stringify(f), submitted_at: null };
    await store.update(row.id, set);
    return { ...row, ...set };
  }

  async function localRefusal(row: NavReceiptReportsTable, e: ReceiptDataError): Promise<void> {
    const op: ReceiptOperation = row.nav_id ? 'MODIFY' : 'CREATE';
    await store.update(row.id, {
      state: 'refused',
      error_code: 'LOCAL_DATA',
      error_message: `${e.field}: ${e.message}`,
      history: await addHistory(row, { operation: op, outcome: 'refused', nav_id: row.nav_id, code: 'LOCAL_DATA', message: e.message }),
    });
  }

  async function runPass(onlyDay?: string): Promise<ReceiptPassResult> {
    const result: ReceiptPassResult = { status: 'ran', created: 0, modified: 0, invalidated: 0, found: 0, refused: 0, failed: 0, problem: null };
    const settings = await store.settings();
    if (!settings.enabled) return { ...result, status: 'off' };
    // A day's receipts may come from several devices: only the node that holds them all (the remote) can sum them.
    if (await o.remoteReports?.()) return { ...result, status: 'remote_reports' };
    const credentials = await o.credentials();
    const baseUrl = credentials ? receiptBaseUrl(credentials, o.env) : null;
    if (!credentials || !baseUrl) return { ...result, status: 'not_set_up' };
    if (!(await lease.tryHold())) return { ...result, status: 'busy' };
    held = true;
    const taxPayerId = credentials.taxNumber.replace(/\D/g, '').slice(0, 8);
    const client = createReceiptClient({
      fetch: o.fetch,
      baseUrl,
      user: { login: credentials.login, password: credentials.password, taxNumber: taxPayerId, signatureKey: credentials.signatureKey },
      now: o.now,
      timeoutMs: o.tuning?.requestTimeoutMs ?? 30_000,
    });
    const s = session(client, taxPayerId, await import('./xml'));
    const day = today();
    const nowIso = o.now().toISOString();
    const due = (row: NavReceiptReportsTable) => !row.next_attempt_at || row.next_attempt_at <= nowIso;
    try {
      // 1. what is in flight or waiting, oldest day first
      const days = new Set<string>();
      for (const row of await store.unfinished()) if (!onlyDay || row.day === onlyDay) days.add(row.day);
      // 2. the closed days with receipts or cancellations not seen yet
      const since = addDays(day, -(o.tuning?.lookbackDays ?? 62));
      for (const d of await candidateDays(o.db, settings.from_day, onlyDay ?? since, onlyDay ? addDays(onlyDay, 1) : day)) days.add(d);
      for (const d of [...days].sort()) {
        if (stopped) break;
        if (d >= day || d < settings.from_day) continue;
        let groups: ReceiptFigures[];
        try {
          groups = await dayFigures(o.db, d, day);
        } catch (e) {
          if (!(e instanceof ReceiptDataError)) throw e;
          log(`${d}: ${e.message}`);
          continue;
        }
        const seen = new Set<string>();
        for (const f of groups) {
          seen.add(groupKey(f));
          let row = await store.ensure(f);
          if (!due(row)) continue;
          if (!row.pending_operation) {
            const prepared = await prepare(s, row, f);
            if (!prepared) continue;
            row = prepared;
          }
          await send(s, row, result);
        }
        // a row in flight whose group has no receipts now (cannot happen with sealed receipts; an invalidation can)
        for (const row of await store.unfinished()) {
          if (row.day !== d || seen.has(groupKey({ day: row.day, currency: row.currency, rate: row.exchange_rate }))) continue;
          if (row.pending_operation && due(row)) await send(s, row, result);
        }
      }
    } catch (e) {
      if (e instanceof PassEnded) return { ...result, problem: e.problem };
      if (e instanceof ReceiptCallError) return { ...result, failed: result.failed + 1, problem: { code: e.code, message: e.message } };
      throw e;
    }
    return result;
  }

  /** One pass at a time per process; a call during a pass waits for it and runs its own after. */
  async function pass(onlyDay?: string): Promise<ReceiptPassResult> {
    while (running) await running.catch(() => undefined);
    const p = runPass(onlyDay);
    running = p;
    try {
      return await p;
    } finally {
      running = undefined;
    }
  }

  return {
    store,
    pass,
    /** A person's "send again": a refused group is prepared afresh (from the receipts as they are now). */
    async retry(id: number): Promise<NavReceiptReportsTable | undefined> {
      const row = await store.row(id);
      if (!row) return undefined;
      if (row.state === 'refused' || row.state === 'invalidated') {
        await store.update(id, { state: 'waiting', next_attempt_at: null, attempts: 0, error_code: null, error_message: null });
      } else {
        await store.update(id, { next_attempt_at: null });
      }
      return store.row(id);
    },
    /** A person's "this report must go": InvalidateReceiptRequest for what NAV holds of the group. */
    async invalidate(id: number): Promise<NavReceiptReportsTable | undefined> {
      const row = await store.row(id);
      if (!row || !row.nav_id || row.pending_operation) return row;
      await store.update(id, {
        state: 'waiting',
        pending_operation: 'INVALIDATE',
        pending_request: '',
        pending_figures: row.reported_figures,
        submitted_at: null,
        next_attempt_at: null,
      });
      return store.row(id);
    },
    start() {
      if (timer || stopped) return;
      void pass().catch((e: unknown) => log(e instanceof Error ? e.message : String(e)));
      timer = setInterval(() => void pass().catch((e: unknown) => log(e instanceof Error ? e.message : String(e))), o.intervalMs ?? 300_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running.catch(() => undefined);
      if (held) await lease.release().catch(() => undefined);
    },
  };
}

export type ReceiptReporter = ReturnType<typeof createReceiptReporter>;

/** NAV's words, with the fields it named (InvalidRequestResponse). */
function fieldWords(e: ReceiptCallError): string {
  const fields = e.fieldErrors.map((f) => [f.field, f.error].filter(Boolean).join(': ')).filter(Boolean);
  return fields.length ? `${e.message} (${fields.join('; ')})` : e.message;
}
