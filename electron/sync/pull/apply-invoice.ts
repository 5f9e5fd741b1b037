// Applying one remote change of an invoice on this device. An issued invoice is immutable, so there is nothing to
// merge in its document: a new one is stored as its record (invoice-record.ts). What changes afterwards — payments,
// cancellation, the invoice generated from a proforma — are operations, merged so that none is lost:
// - payments the remote has replace the ones this device knew it had; payments made here and not yet pushed stay
//   (the push appends them) — unless this device removed the payments (unpay) and has not pushed that yet: then the
//   remote's list waits, because the push will remove it there too;
// - a proforma voided here and not yet pushed stays void;
// - links to the cancelling or generated invoice are set as soon as both invoices are here.
import type { ChangeEntry } from '../../../shared/contract/operations';
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber, statusForPaid } from '../../../shared/invoice-codes';
import type { WriteTx } from '../../db/types';
import { linkCancellation, linkGenerated, linkModification } from '../../core/invoices/links';
import { amountToMilli, insertPayments, recordOf, sealArrived, storeRecord, type InvoiceLike, type RefEntity } from '../../core/sync/invoice-record';
import { logIssue } from '../conflict-log';
import { checkArrivedRecord, secondCancellation, secondGeneration, settledByOriginal } from '../../core/sync/record-check';
import { advanceVerdict, modificationVerdict } from '../../core/sync/chain-links';
import { currentTotalMilli } from '../../core/invoices/mapping';
import { milliToString } from '../../../shared/money';
import { localIdOf, setMapping } from '../id-map';
import { syncDb } from '../tables';
import type { PullEnv } from './apply-master';

export interface InvoicePullEnv extends PullEnv {
  /** blocks the remote has that the feed never announced (made before it kept a change log) */
  unannouncedBlocks: Map<number, { name: string; prefix: string }>;
}

export async function applyInvoice(env: InvoicePullEnv, change: ChangeEntry): Promise<void> {
  const data = change.data as { attributes: InvoiceLike } | null;
  if (!data || data.attributes.type === INVOICE_TYPE.draft || !data.attributes.invoice_no) return;
  const local = await localIdOf(env.trx, 'invoice', change.id);
  if (local === null) await insertPulled(env, change.id, data.attributes);
  else await mergeState(env, local, data.attributes);
}

async function blockOf(env: InvoicePullEnv, remoteId: number): Promise<number> {
  const known = await localIdOf(env.trx, 'block', remoteId);
  if (known !== null) return known;
  const b = env.unannouncedBlocks.get(remoteId);
  if (!b) throw new Error(`invoice block ${remoteId} of the remote is unknown here`);
  const row = await env.trx
    .insertInto('invoice_blocks')
    .values({ name: b.name, prefix: b.prefix, owner: 'remote', created_at: env.now, updated_at: env.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setMapping(env.trx, 'block', row.id, remoteId);
  return row.id;
}

/** A client the feed never sent (deleted before the remote kept a change log): a hidden copy of the snapshot. */
async function clientOf(env: InvoicePullEnv, remoteId: number, snapshot: Record<string, any>): Promise<number> {
  const known = await localIdOf(env.trx, 'client', remoteId);
  if (known !== null) return known;
  const row = await env.trx
    .insertInto('clients')
    .values({
      name: String(snapshot.name ?? ''),
      email: String(snapshot.email ?? ''),
      taxcode: String(snapshot.taxcode ?? ''),
      eu_taxcode: String(snapshot.eu_taxcode ?? ''),
      type: '',
      fokonyv_szam: '',
      phone: '',
      tax_type: String(snapshot.tax_type ?? ''),
      address: JSON.stringify(snapshot.billing_address ?? {}),
      bank: JSON.stringify(snapshot.bank ?? {}),
      defaults: '{}',
      deleted_at: env.now,
      created_at: env.now,
      updated_at: env.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setMapping(env.trx, 'client', row.id, remoteId);
  return row.id;
}

const labelOf = (r: { prefix: string; invoice_no: string | null }) => prefixedNumber(r.prefix, r.invoice_no) ?? '?';

/** The remote is a peer like any other: what it sends is checked as the remote checks what devices push. */
function arrivedProblems(a: InvoiceLike): string[] {
  const paid = a.payments.reduce((s, p) => s + amountToMilli(p.amount), 0);
  const state = a.is_cancel_invoice || settledByOriginal(a)
    ? { status: a.status, total_paid: a.total_paid, payments: a.payments }
    : { status: statusForPaid(paid, amountToMilli(a.total)), total_paid: milliToString(paid), payments: a.payments };
  return checkArrivedRecord(recordOf(a, (_e, id) => id, state)).problems;
}

async function insertPulled(env: InvoicePullEnv, remoteId: number, a: InvoiceLike): Promise<void> {
  const { trx, now } = env;
  const problems = arrivedProblems(a);
  if (problems.length) {
    const message = `Invoice ${labelOf(a)} from the remote was not stored: ${problems.join('; ')}`;
    await logIssue(trx, { entity: 'invoice', localId: null, operation: 'pull', message });
    return;
  }
  const ids = new Map<string, number | null>();
  const resolve = async (entity: RefEntity, id: number | null | undefined) => {
    if (id === null || id === undefined) return;
    ids.set(`${entity}:${id}`, await localIdOf(trx, entity, id));
  };
  ids.set(`block:${a.block_uid}`, await blockOf(env, a.block_uid));
  ids.set(`client:${a.client_uid}`, await clientOf(env, a.client_uid, a.client as Record<string, any>));
  await resolve('bank_account', a.bank_account_uid);
  await resolve('invoice', a.cancels_uid);
  await resolve('invoice', a.proforma_uid);
  await resolve('recurring', a.recurring_uid);
  await resolve('invoice', a.modifies_uid);
  await resolve('quote', a.quote_uid);
  for (const i of a.items) {
    await resolve('product', i.product_uid);
    await resolve('invoice', i.advance_invoice_uid);
  }
  const record = recordOf(a, (e, id) => ids.get(`${e}:${id}`) ?? null, { status: a.status, total_paid: a.total_paid, payments: a.payments });
  // The chain links are checked against this device's own copies, as the remote checked them against its own.
  const links = [record.modifies_uid ? await modificationVerdict(trx, record) : {}, await advanceVerdict(trx, record)];
  const missing = (a.modifies_uid && !record.modifies_uid) || a.items.some((i, k) => i.advance_invoice_uid && !record.items[k]!.advance_invoice_uid);
  const refused = missing ? 'a document it refers to never arrived here' : links.find((l) => l.problem)?.problem;
  if (refused) {
    await logIssue(trx, { entity: 'invoice', localId: null, operation: 'pull', message: `Invoice ${labelOf(a)} from the remote was not stored: ${refused}` });
    return;
  }
  const cancelledBy = a.cancelled_by_uid ? await localIdOf(trx, 'invoice', a.cancelled_by_uid) : null;
  const generated = a.generated_invoice_uid ? await localIdOf(trx, 'invoice', a.generated_invoice_uid) : null;
  const stored = await storeRecord(trx, record, {
    status: a.status,
    total_paid_milli: amountToMilli(a.total_paid),
    cancelled_by_id: cancelledBy,
    generated_invoice_id: generated,
    now,
  });
  await setMapping(trx, 'invoice', stored.id, remoteId, a.status);
  await markKnown(trx, stored.id, stored.paymentIds);
  // A record that follows a document another already follows (two devices cancelled one invoice while apart) still
  // names what it refers to, but cancels nothing a second time; the user is shown the way out.
  if (record.cancels_uid !== null && !(await linkCancellation(trx, record.cancels_uid, stored.id, now))) {
    const original = await trx.selectFrom('invoices').select(['id', 'prefix', 'invoice_no', 'cancelled_by_id']).where('id', '=', record.cancels_uid).executeTakeFirstOrThrow();
    const first = await trx.selectFrom('invoices').select(['prefix', 'invoice_no']).where('id', '=', original.cancelled_by_id!).executeTakeFirst();
    const message = secondCancellation(labelOf(original), first ? labelOf(first) : '?', labelOf(record));
    await logIssue(trx, { entity: 'invoice', localId: original.id, operation: 'cancel', message, data: { offset_invoice_uid: original.id } });
  }
  if (record.proforma_uid !== null && !(await linkGenerated(trx, record.proforma_uid, stored.id, now))) {
    const proforma = await trx.selectFrom('invoices').select(['id', 'prefix', 'invoice_no', 'generated_invoice_id']).where('id', '=', record.proforma_uid).executeTakeFirstOrThrow();
    const first = await trx.selectFrom('invoices').select(['prefix', 'invoice_no']).where('id', '=', proforma.generated_invoice_id!).executeTakeFirst();
    const message = secondGeneration(labelOf(proforma), first ? labelOf(first) : '?', labelOf(record));
    await logIssue(trx, { entity: 'invoice', localId: stored.id, operation: 'generate', message, data: { cancel_invoice_uid: stored.id } });
  }
  if (record.modifies_uid) await linkModification(trx, record.modifies_uid, amountToMilli(record.total), now);
  await sealArrived(trx, stored.id, now);
}

export async function markKnown(trx: WriteTx, invoiceId: number, paymentIds: number[]): Promise<void> {
  if (!paymentIds.length) return;
  await syncDb(trx)
    .insertInto('sync_payments')
    .values(paymentIds.map((payment_id) => ({ payment_id, invoice_id: invoiceId })))
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

/**
 * The invoice's mutable state from the remote, merged with what this device has not pushed yet. With `authoritative`
 * (after the remote refused one of this device's operations on it) the remote's state is taken whole.
 */
export async function mergeState(env: PullEnv, local: number, a: InvoiceLike, authoritative = false): Promise<void> {
  const { trx, now } = env;
  const sdb = syncDb(trx);
  const row = await trx.selectFrom('invoices').selectAll().where('id', '=', local).executeTakeFirstOrThrow();
  const mapRow = await sdb.selectFrom('sync_map').select('remote_status').where('entity', '=', 'invoice').where('local_id', '=', local).executeTakeFirst();
  const payments = await trx.selectFrom('invoice_payments').select(['id', 'amount_milli']).where('invoice_id', '=', local).execute();
  const known = await sdb.selectFrom('sync_payments').select('payment_id').where('invoice_id', '=', local).execute();
  const present = new Set(payments.map((p) => p.id));
  const knownIds = new Set(known.map((k) => k.payment_id));
  const unpayPending = !authoritative && known.some((k) => !present.has(k.payment_id));

  if (!unpayPending) {
    // the known part is replaced by the remote's list; payments not yet pushed (unknown) stay unless authoritative
    const drop = payments.filter((p) => authoritative || knownIds.has(p.id)).map((p) => p.id);
    if (drop.length) await trx.deleteFrom('invoice_payments').where('id', 'in', drop).execute();
    await sdb.deleteFrom('sync_payments').where('invoice_id', '=', local).execute();
    const inserted = await insertPayments(trx, local, a.payments, now);
    await markKnown(trx, local, inserted);
  }
  const after = await trx.selectFrom('invoice_payments').select('amount_milli').where('invoice_id', '=', local).execute();
  const paid = after.reduce((s, p) => s + p.amount_milli, 0);
  const cancelled = INVOICE_STATUS.cancelled;
  const voidPending = !authoritative && row.type === INVOICE_TYPE.proforma && row.status === cancelled && mapRow?.remote_status !== cancelled;
  if (voidPending && a.status === cancelled) {
    // this device's void is now moot: said, not silently dropped
    const label = labelOf(row);
    await logIssue(trx, { entity: 'invoice', localId: local, operation: 'cancel', message: `Cancelling invoice ${label}: it was already cancelled elsewhere; both agree, nothing more to send` });
  }
  const cancelledBy = a.cancelled_by_uid ? ((await localIdOf(trx, 'invoice', a.cancelled_by_uid)) ?? row.cancelled_by_id) : row.cancelled_by_id;
  const generated = a.generated_invoice_uid ? ((await localIdOf(trx, 'invoice', a.generated_invoice_uid)) ?? row.generated_invoice_id) : row.generated_invoice_id;
  let status: number;
  let totalPaid = paid;
  if (row.is_cancel_invoice || row.modifies_id !== null) {
    // settled by the original: its state is the one it was issued with
    status = a.status;
    totalPaid = row.total_paid_milli;
  } else if (voidPending || a.status === cancelled || cancelledBy !== null) {
    // cancelled there, voided here and not pushed yet, or cancelled here by an invoice on its way
    status = cancelled;
  } else {
    // an original's payment state follows its modifications (its current total)
    status = statusForPaid(paid, currentTotalMilli(row));
  }
  await trx
    .updateTable('invoices')
    .set({ status, total_paid_milli: totalPaid, cancelled_by_id: cancelledBy, generated_invoice_id: generated, updated_at: now })
    .where('id', '=', local)
    .execute();
  await sdb.updateTable('sync_map').set({ remote_status: a.status }).where('entity', '=', 'invoice').where('local_id', '=', local).execute();
}
