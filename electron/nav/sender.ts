// Sends queued invoice reports to NAV and follows them to their outcome. The queue itself lives in the database
// behind a small store interface, so this module owns only the protocol and its failure rules:
//
//   waiting ──tokenExchange, manageInvoice──▶ sent ──queryTransactionStatus…──▶ done | done_with_warnings | aborted
//
// Exactly once. A report must reach NAV once and only once, whatever crashes or drops in between:
// - the transactionId is stored the moment manageInvoice answers, before any status query, so a restart resumes
//   with status queries and never submits again;
// - `submittedAt` is stored *before* manageInvoice is sent. If it is set but no transactionId is, the previous run
//   died while NAV may have taken the request in; the next run first looks for that submission among the user's
//   transactions around that time (queryTransactionList + the original request of each) and adopts it if found.
// Failures back off exponentially (injected clock and sleep, so tests run instantly).
import {
  buildManageInvoiceRequest,
  buildQueryTransactionListRequest,
  buildQueryTransactionStatusRequest,
  buildTokenExchangeRequest,
  newRequestId,
  readProcessingResults,
  readTokenExchange,
  readTransactionId,
  readTransactionList,
  type NavMessage,
  type NavSoftware,
  type NavUser,
  type ProcessingResult,
} from './api';
import { decryptExchangeToken } from './crypto';
import type { NavInvoiceOperation } from './invoice-data';
import { describeNavCode, type NavMessageLang } from './messages';
import { callNav, NavCallError, type FetchLike, type NavOperationName } from './transport';

export type NavReportState = 'waiting' | 'sent' | 'done' | 'done_with_warnings' | 'aborted';

/** One queued report: a row of the lead's queue table (docs/nav.md lists the columns). */
export interface NavReport {
  id: number;
  invoiceNumber: string;
  operation: NavInvoiceOperation;
  /** The InvoiceData XML, base64, exactly as built at issue time (prepareNavReport). */
  invoiceDataBase64: string;
  state: NavReportState;
  transactionId: string | null;
  /** ISO instant set just before manageInvoice is sent; with no transactionId it marks a submission in doubt. */
  submittedAt: string | null;
  /** Consecutive failed attempts; 0 after any step succeeds. */
  attempts: number;
  /** ISO instant before which the report should not be picked up again; null = now. */
  nextAttemptAt: string | null;
  /** The last error (while waiting/sent) or NAV's reason (when aborted). */
  errorCode: string | null;
  errorMessage: string | null;
  /** NAV's validation messages of the outcome (warnings of a done report, errors of an aborted one). */
  messages: NavMessage[];
}

export type NavReportPatch = Partial<Omit<NavReport, 'id' | 'invoiceNumber' | 'operation' | 'invoiceDataBase64'>>;

type MaybePromise<T> = T | Promise<T>;

export interface NavReportStore {
  load(id: number): MaybePromise<NavReport | undefined>;
  /** Must be durable when it returns: the exactly-once rule rests on it. */
  update(id: number, patch: NavReportPatch): MaybePromise<void>;
  /** Ids of reports in state waiting or sent whose nextAttemptAt is null or not after `now`, oldest first. */
  due(now: Date, limit: number): MaybePromise<number[]>;
}

export interface NavCredentials extends NavUser {
  /** e.g. https://api-test.onlineszamla.nav.gov.hu/invoiceService/v3 */
  baseUrl: string;
  software: NavSoftware;
}

export interface NavSenderOptions {
  fetch: FetchLike;
  credentials: NavCredentials;
  store: NavReportStore;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Backoff: base × 2^(attempt−1), at most max; a run retries transient failures up to attemptsPerRun times. */
  retry?: { baseDelayMs?: number; maxDelayMs?: number; attemptsPerRun?: number };
  /** Waits before each status query; when they run out the report stays `sent` and is picked up later. */
  pollDelaysMs?: readonly number[];
  /** How long a report still processing at NAV rests before the next round of status queries. */
  stillProcessingDelayMs?: number;
  requestTimeoutMs?: number;
  lang?: NavMessageLang;
}

export interface NavSender {
  /** Takes one report as far as it can now; resolves with its stored state (NavReportGone if there is none). */
  process(id: number): Promise<NavReport>;
  /** Processes the reports that are due, one after the other; resolves with those it could process. */
  processDue(limit?: number): Promise<NavReport[]>;
}

/** The store has no (longer a) report to send under this id, e.g. it found the invoice needs no report. */
export class NavReportGone extends Error {}

const FINAL: ReadonlySet<NavReportState> = new Set(['done', 'done_with_warnings', 'aborted']);
/** A submission is looked for this far around its marker (NAV's clock may differ from ours). */
const RECOVERY_WINDOW_MS = 15 * 60_000;

export function createNavSender(options: NavSenderOptions): NavSender {
  const { fetch, credentials, store } = options;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const baseDelay = options.retry?.baseDelayMs ?? 5_000;
  const maxDelay = options.retry?.maxDelayMs ?? 15 * 60_000;
  const attemptsPerRun = options.retry?.attemptsPerRun ?? 4;
  const pollDelays = options.pollDelaysMs ?? [1_000, 2_000, 3_000, 5_000, 10_000, 20_000];
  const stillProcessingDelay = options.stillProcessingDelayMs ?? 60_000;
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const lang = options.lang ?? 'en';
  const inFlight = new Map<number, Promise<NavReport>>();

  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();
  const backoff = (attempt: number) => Math.min(maxDelay, baseDelay * 2 ** Math.max(0, attempt - 1));

  async function save(report: NavReport, patch: NavReportPatch): Promise<NavReport> {
    await store.update(report.id, patch);
    return { ...report, ...patch };
  }

  function meta() {
    return { requestId: newRequestId(now(), random), timestamp: now() };
  }

  function call(operation: NavOperationName, body: string) {
    return callNav(fetch, credentials.baseUrl, operation, body, timeoutMs);
  }

  async function exchangeToken(): Promise<string> {
    const response = await call('tokenExchange', buildTokenExchangeRequest(credentials, credentials.software, meta()));
    return decryptExchangeToken(readTokenExchange(response).encodedExchangeToken, credentials.exchangeKey);
  }

  async function queryStatus(transactionId: string, returnOriginalRequest = false): Promise<ProcessingResult[]> {
    const body = buildQueryTransactionStatusRequest(credentials, credentials.software, meta(), transactionId, returnOriginalRequest);
    return readProcessingResults(await call('queryTransactionStatus', body));
  }

  async function submit(report: NavReport): Promise<NavReport> {
    const token = await exchangeToken();
    report = await save(report, { submittedAt: now().toISOString() });
    const body = buildManageInvoiceRequest(credentials, credentials.software, meta(), token, [
      { operation: report.operation, invoiceDataBase64: report.invoiceDataBase64 },
    ]);
    let transactionId: string;
    try {
      transactionId = readTransactionId(await call('manageInvoice', body));
    } catch (error) {
      // NAV answered with a refusal: nothing was taken in, so no doubt is left behind.
      if (error instanceof NavCallError && error.answered) await save(report, { submittedAt: null });
      throw error;
    }
    return save(report, { state: 'sent', transactionId, attempts: 0, nextAttemptAt: null, errorCode: null, errorMessage: null });
  }

  /** Finds the transaction of an interrupted submission by its exact invoice data, if NAV has it. */
  async function recover(report: NavReport): Promise<string | undefined> {
    const marker = new Date(report.submittedAt!).getTime();
    const from = new Date(marker - RECOVERY_WINDOW_MS);
    const to = new Date(Math.max(marker, Math.min(marker + RECOVERY_WINDOW_MS, now().getTime())));
    const ours = Buffer.from(report.invoiceDataBase64, 'base64');
    for (let page = 1; ; page++) {
      const body = buildQueryTransactionListRequest(credentials, credentials.software, meta(), from, to, page);
      const list = readTransactionList(await call('queryTransactionList', body));
      for (const tx of list.transactions) {
        const results = await queryStatus(tx.transactionId, true);
        if (results.some((r) => r.originalRequest && Buffer.from(r.originalRequest, 'base64').equals(ours))) {
          return tx.transactionId;
        }
      }
      if (page >= list.availablePage) return undefined;
    }
  }

  function outcome(result: ProcessingResult): NavReportPatch | undefined {
    if (result.status === 'DONE') {
      const warned = result.messages.some((m) => m.severity === 'WARN');
      return { state: warned ? 'done_with_warnings' : 'done', messages: result.messages, ...cleared() };
    }
    if (result.status === 'ABORTED') {
      const reason = result.messages.find((m) => m.severity === 'ERROR' || m.severity === 'CRITICAL') ?? result.messages[0];
      const code = reason?.code ?? 'ABORTED';
      return {
        state: 'aborted',
        messages: result.messages,
        attempts: 0,
        nextAttemptAt: null,
        errorCode: code,
        errorMessage: describeNavCode(code, lang, reason?.text),
      };
    }
    return undefined; // RECEIVED, PROCESSING, SAVED: not yet
  }

  function cleared(): NavReportPatch {
    return { attempts: 0, nextAttemptAt: null, errorCode: null, errorMessage: null };
  }

  async function poll(report: NavReport): Promise<NavReport> {
    for (const delay of pollDelays) {
      await sleep(delay);
      const results = await queryStatus(report.transactionId!);
      const result = results.find((r) => r.index === 1) ?? results[0];
      const patch = result && outcome(result);
      if (patch) return save(report, patch);
    }
    return save(report, { nextAttemptAt: later(stillProcessingDelay) });
  }

  async function run(id: number): Promise<NavReport> {
    let report = await store.load(id);
    if (!report) throw new NavReportGone(`No NAV report ${id} to send`);
    for (let attempt = 1; ; attempt++) {
      if (FINAL.has(report.state)) return report;
      try {
        if (!report.transactionId && report.submittedAt) {
          const found = await recover(report);
          report = await save(report, found ? { state: 'sent', transactionId: found, ...cleared() } : { submittedAt: null });
        }
        if (!report.transactionId) report = await submit(report);
        return await poll(report);
      } catch (error) {
        if (!(error instanceof NavCallError)) throw error; // storage and programming errors are not NAV's weather
        // The failed step may have stored more than this copy knows (the submission marker): the store is the truth.
        report = (await store.load(id)) ?? report;
        const message = describeNavCode(error.code, lang, error.message);
        if (error.kind === 'rejected' && !report.transactionId) {
          return save(report, { state: 'aborted', attempts: 0, nextAttemptAt: null, errorCode: error.code, errorMessage: message });
        }
        const attempts = report.attempts + 1;
        const delay = error.kind === 'transient' ? backoff(attempts) : maxDelay;
        report = await save(report, { attempts, nextAttemptAt: later(delay), errorCode: error.code, errorMessage: message });
        if (error.kind !== 'transient' || attempt >= attemptsPerRun) return report;
        await sleep(delay);
      }
    }
  }

  function process(id: number): Promise<NavReport> {
    // Two runs of one report at once could submit it twice; the second caller waits for the first instead.
    const running = inFlight.get(id);
    if (running) return running;
    const promise = run(id).finally(() => inFlight.delete(id));
    inFlight.set(id, promise);
    return promise;
  }

  async function processDue(limit = 20): Promise<NavReport[]> {
    const ids = await store.due(now(), limit);
    const done: NavReport[] = [];
    for (const id of ids) {
      let report: NavReport;
      try {
        report = await process(id);
      } catch (error) {
        if (!(error instanceof NavReportGone)) throw error; // one vanished row must not hold up the rest
        continue;
      }
      done.push(report);
      // A report left unfinished with an error failed for a reason all share (NAV or the network down, the
      // credentials refused; a report's own faults end it as aborted): the rest would only wait out the same
      // backoff one by one, so the pass ends here and they keep their turn.
      if (!FINAL.has(report.state) && report.errorCode) break;
    }
    return done;
  }

  return { process, processDue };
}
