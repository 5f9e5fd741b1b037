// The sender's queue, kept in memory for tests. It can "crash" right after a chosen write (the write is durable,
// the process dies) to show that a restart resumes where the stored state says, never submitting twice.
import type { NavReport, NavReportPatch, NavReportStore } from '../../electron/nav/sender';
import type { PreparedNavReport } from '../../electron/nav/invoice-data';

export class SimulatedCrash extends Error {}

export class MemoryStore implements NavReportStore {
  readonly rows = new Map<number, NavReport>();
  readonly writes: Array<{ id: number; patch: NavReportPatch }> = [];
  /** Throws SimulatedCrash after applying the first write this predicate accepts. */
  crashAfter?: (patch: NavReportPatch) => boolean;
  onWrite?: (patch: NavReportPatch) => void;
  private nextId = 1;

  enqueue(prepared: PreparedNavReport): number {
    const id = this.nextId++;
    this.rows.set(id, {
      id,
      invoiceNumber: prepared.invoiceNumber,
      operation: prepared.operation,
      invoiceDataBase64: prepared.invoiceDataBase64,
      state: 'waiting',
      transactionId: null,
      submittedAt: null,
      attempts: 0,
      nextAttemptAt: null,
      errorCode: null,
      errorMessage: null,
      messages: [],
    });
    return id;
  }

  get(id: number): NavReport {
    return structuredClone(this.rows.get(id)!);
  }

  load(id: number): NavReport | undefined {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : undefined;
  }

  update(id: number, patch: NavReportPatch): void {
    const row = this.rows.get(id);
    if (!row) throw new Error(`no report ${id}`);
    this.rows.set(id, { ...row, ...structuredClone(patch) });
    this.writes.push({ id, patch });
    this.onWrite?.(patch);
    if (this.crashAfter?.(patch)) {
      this.crashAfter = undefined;
      throw new SimulatedCrash('simulated crash after a durable write');
    }
  }

  due(now: Date, limit: number): number[] {
    return [...this.rows.values()]
      .filter((r) => (r.state === 'waiting' || r.state === 'sent') && (!r.nextAttemptAt || new Date(r.nextAttemptAt) <= now))
      .map((r) => r.id)
      .slice(0, limit);
  }
}
