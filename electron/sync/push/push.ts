// Push: the outbox replayed in order. Each unit's requests are first written to the journal, each with its own
// Idempotency-Key, in one local transaction — before the first attempt — and only then sent. A request whose answer
// is lost (the remote died, the line was cut) is sent again from the journal exactly as it was, with the same key,
// so the remote answers as it did the first time instead of making a second record. Each answer is applied (ids
// mapped, payments marked as known, refusals reported) in one local transaction with the journal row's removal and,
// after a unit's last request, the push cursor.
import { randomUUID } from 'node:crypto';
import { callContext } from '../../core/changes';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { pendingCount, readState, updateState } from '../state';
import { syncDb, type JournalRow } from '../tables';
import { logIssue } from '../conflict-log';
import type { RoundContext } from '../round-context';
import type { RemoteAnswer } from '../remote-client';
import { applyAnswer, type Fetched } from './results';
import { nextUnit, type StepMeta } from './plan';

/**
 * Sends what an earlier round journaled but did not see answered (the remote died, the device died). Runs before the
 * pull: such a request may already be committed on the remote, so the records it touches are not "pending" any more
 * in the sense of conflicts, and pulled states must not be merged around a request whose fate is unknown.
 */
export async function drainJournal(rc: RoundContext): Promise<number> {
  const sdb = syncDb(rc.db);
  let sent = 0;
  for (let guard = 0; guard < rc.limits.maxPushUnits && !rc.stopping(); guard++) {
    const journal = await sdb.selectFrom('sync_journal').selectAll().orderBy('id').execute();
    if (!journal.length) break;
    const unitSeq = journal[0]!.first_seq;
    for (const j of journal.filter((r) => r.first_seq === unitSeq)) {
      sent++;
      if (!(await sendAndApply(rc, j))) break;
    }
  }
  return sent;
}

export async function pushAll(rc: RoundContext): Promise<number> {
  const sdb = syncDb(rc.db);
  const total = await pendingCount(rc.db, (await readState(rc.db)).push_cursor);
  let units = 0;
  while (units < rc.limits.maxPushUnits && !rc.stopping()) {
    let journal = await sdb.selectFrom('sync_journal').selectAll().orderBy('id').execute();
    if (!journal.length) {
      if (!(await planUnit(rc))) break;
      journal = await sdb.selectFrom('sync_journal').selectAll().orderBy('id').execute();
      if (!journal.length) continue; // the unit needed no request (already there, or refused here)
    }
    const unitSeq = journal[0]!.first_seq;
    for (const j of journal.filter((r) => r.first_seq === unitSeq)) {
      if (!(await sendAndApply(rc, j))) break;
    }
    units++;
    const left = await pendingCount(rc.db, (await readState(rc.db)).push_cursor);
    rc.progress({ phase: 'pushing', done: Math.max(0, total - left), total: Math.max(total, total - left) });
  }
  return units;
}

/** Plans the next unit and journals its requests; false when the outbox is empty. */
async function planUnit(rc: RoundContext): Promise<boolean> {
  const cursor = (await readState(rc.db)).push_cursor;
  const unit = await nextUnit(rc.db, cursor, rc.limits);
  if (!unit) return false;
  await asRemote(() =>
    writeTransaction(rc.db, async (trx) => {
      // another round (or process) got here first: its unit stands
      if ((await readState(trx)).push_cursor !== cursor) return;
      if (await syncDb(trx).selectFrom('sync_journal').select('id').limit(1).executeTakeFirst()) return;
      for (const r of unit.refusals) await logIssue(trx, { entity: r.entity, localId: r.local, operation: r.operation, message: r.message });
      if (!unit.steps.length) {
        await updateState(trx, { push_cursor: unit.last });
        return;
      }
      const now = new Date().toISOString();
      const overwrites = await Promise.all(unit.steps.map((s) => takeDevicesToTell(trx, s.meta)));
      await syncDb(trx)
        .insertInto('sync_journal')
        .values(
          unit.steps.map((s, step) => ({
            first_seq: unit.first,
            last_seq: unit.last,
            step,
            method: s.method,
            path: s.path,
            body: s.body === undefined ? null : JSON.stringify(s.body),
            idem_key: s.keyed ? `${rc.deviceId}-${unit.first}-${step}-${randomUUID()}` : null,
            meta: JSON.stringify(s.meta),
            created_at: now,
            overwrites: overwrites[step] ?? null,
          })),
        )
        .execute();
    }),
  );
  return true;
}

/**
 * The devices whose versions of this step's record lost to this device's (logged when pulled, while this change
 * waited): the step tells the remote, which tells them. Taken in the journal's transaction, so each is told once.
 */
async function takeDevicesToTell(trx: Db, meta: StepMeta): Promise<string | null> {
  if (meta.kind !== 'update' && meta.kind !== 'delete') return null;
  const sdb = syncDb(trx);
  const rows = await sdb
    .selectFrom('sync_conflicts')
    .select(['id', 'tell'])
    .where('entity', '=', meta.entity)
    .where('local_id', '=', meta.local)
    .where('tell', 'is not', null)
    .execute();
  if (!rows.length) return null;
  await sdb.updateTable('sync_conflicts').set({ tell: null }).where('id', 'in', rows.map((r) => r.id)).execute();
  return [...new Set(rows.map((r) => r.tell!))].join(',');
}

/** Sends one journaled request and applies its answer; false when the rest of its unit was given up. */
async function sendAndApply(rc: RoundContext, j: JournalRow): Promise<boolean> {
  const meta = JSON.parse(j.meta) as StepMeta;
  const answer: RemoteAnswer = await rc.remote.request({ method: j.method, path: j.path, body: j.body, idempotencyKey: j.idem_key, overwrites: j.overwrites });
  // After the remote refused an operation on an invoice, its state there is fetched to reset the copy here.
  let fetched: Fetched = null;
  if (answer.status >= 400 && (meta.kind === 'pay' || meta.kind === 'unpay' || meta.kind === 'void')) {
    const rid = Number(/^\/invoices\/(\d+)\//.exec(j.path)?.[1]);
    const got = await rc.remote.request({ method: 'GET', path: `/invoices/${rid}` });
    fetched = got.status === 200 ? (got.body as { data: Fetched }).data : null;
  }
  let keepGoing = true;
  await asRemote(() =>
    writeTransaction(rc.db, async (trx) => {
      const sdb = syncDb(trx);
      const still = await sdb.selectFrom('sync_journal').select('id').where('id', '=', j.id).executeTakeFirst();
      if (!still) return; // applied already (a second round in this process)
      keepGoing = await applyAnswer({ trx, now: rc.stamp(), pushCursor: (await readState(trx)).push_cursor }, meta, answer, fetched);
      await sdb.deleteFrom('sync_journal').where('id', '=', j.id).execute();
      if (!keepGoing) await sdb.deleteFrom('sync_journal').where('first_seq', '=', j.first_seq).execute();
      const left = await sdb.selectFrom('sync_journal').select('id').where('first_seq', '=', j.first_seq).limit(1).executeTakeFirst();
      if (!left) await updateState(trx, { push_cursor: j.last_seq });
    }),
  );
  return keepGoing;
}

function asRemote<T>(fn: () => Promise<T>): Promise<T> {
  return callContext.run({ origin: 'remote' }, fn);
}
