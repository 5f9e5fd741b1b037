// What the remote's answer to a pushed request means here. Success maps the new record's id, or marks payments as
// known; a refusal is reported to the user (never dropped silently) and, for an operation on an invoice, resets this
// device's copy of the invoice to the remote's state, so the two agree again and the user sees why.
import type { PushInvoicesResult } from '../../../shared/contract/sync';
import type { WriteTx } from '../../db/types';
import { logIssue } from '../conflict-log';
import { removeMapping, setMapping, setRemoteStatus } from '../id-map';
import type { InvoiceLike } from '../../core/sync/invoice-record';
import { markKnown, mergeState } from '../pull/apply-invoice';
import { answerMessage, type RemoteAnswer } from '../remote-client';
import { syncDb } from '../tables';
import type { StepMeta } from './plan';
import { applyNoteAnswer, requeueNoteLinks } from '../delivery-notes';

export type Fetched = { id: number; attributes: InvoiceLike } | null;

export interface ResultEnv {
  trx: WriteTx;
  now: string;
  pushCursor: number;
}

const ok = (a: RemoteAnswer) => a.status >= 200 && a.status < 300;

const WHAT: Record<string, string> = {
  client: 'Client',
  product: 'Product',
  expense: 'Expense',
  bank_account: 'Bank account',
  block: 'Invoice block',
  recurring: 'Recurring profile',
  quote: 'Quote',
};

/** Applies an answer; false when the rest of the unit is to be given up (the invoice was reset to the remote's). */
export async function applyAnswer(env: ResultEnv, meta: StepMeta, answer: RemoteAnswer, fetched: Fetched): Promise<boolean> {
  const { trx } = env;
  switch (meta.kind) {
    case 'create': {
      const id = (answer.body as { data?: { id?: number } })?.data?.id;
      if (ok(answer) && typeof id === 'number') {
        await setMapping(trx, meta.entity, meta.local, id);
      } else {
        await logIssue(trx, { entity: meta.entity, localId: meta.local, operation: 'create', message: `${WHAT[meta.entity]} ${meta.local} was not accepted by the remote: ${answerMessage(answer)}` });
      }
      return true;
    }
    case 'update': {
      if (!ok(answer)) {
        const why = answer.status === 404 ? 'it no longer exists there' : answerMessage(answer);
        await logIssue(trx, { entity: meta.entity, localId: meta.local, operation: 'update', message: `A change of ${WHAT[meta.entity]!.toLowerCase()} ${meta.local} was not accepted by the remote: ${why}` });
      }
      return true;
    }
    case 'delete': {
      if (ok(answer) || answer.status === 404) {
        if (meta.entity === 'expense') await removeMapping(trx, meta.entity, meta.local);
      } else {
        await logIssue(trx, { entity: meta.entity, localId: meta.local, operation: 'delete', message: `Deleting ${WHAT[meta.entity]!.toLowerCase()} ${meta.local} was not accepted by the remote: ${answerMessage(answer)}` });
      }
      return true;
    }
    case 'invoices':
      await applyRecords(env, meta, answer);
      return true;
    case 'note':
      await applyNoteAnswer(trx, meta, answer);
      return true;
    case 'share': {
      if (ok(answer)) {
        await syncDb(trx).updateTable('sync_map').set({ remote_share_code: meta.code }).where('entity', '=', 'invoice').where('local_id', '=', meta.invoice).execute();
      } else {
        // the link keeps working on this computer; the user is told it does not open on the remote
        const what = meta.code === null ? 'Revoking the share link of' : 'The share link of';
        await logIssue(trx, { entity: 'invoice', localId: meta.invoice, operation: 'share', message: `${what} invoice ${meta.invoice_no} was refused by the remote: ${answerMessage(answer)}` });
      }
      return true;
    }
    case 'unpay':
    case 'pay':
    case 'void': {
      if (ok(answer)) {
        if (meta.kind === 'pay') {
          const still = await trx.selectFrom('invoice_payments').select('id').where('id', '=', meta.payment).executeTakeFirst();
          if (still) await markKnown(trx, meta.invoice, [meta.payment]);
        } else if (meta.kind === 'unpay') {
          const present = (await trx.selectFrom('invoice_payments').select('id').where('invoice_id', '=', meta.invoice).execute()).map((p) => p.id);
          let q = syncDb(trx).deleteFrom('sync_payments').where('invoice_id', '=', meta.invoice);
          if (present.length) q = q.where('payment_id', 'not in', present);
          await q.execute();
        } else {
          await setRemoteStatus(trx, meta.invoice, 4);
        }
        return true;
      }
      const payment =
        meta.kind === 'pay' ? await trx.selectFrom('invoice_payments').selectAll().where('id', '=', meta.payment).executeTakeFirst() : undefined;
      const what = meta.kind === 'pay' ? 'A payment of' : meta.kind === 'unpay' ? 'Removing the payments of' : 'Cancelling';
      await logIssue(trx, {
        entity: 'invoice',
        localId: meta.invoice,
        operation: meta.kind === 'void' ? 'cancel' : meta.kind,
        message: `${what} invoice ${meta.invoice_no} was refused by the remote: ${answerMessage(answer)}. The invoice here now shows the remote's state.`,
        data: payment ? { payment: { date: payment.date, amount_milli: payment.amount_milli, payment_method: payment.payment_method_id } } : undefined,
      });
      if (fetched) await mergeState(env, meta.invoice, fetched.attributes, true);
      return false;
    }
  }
}

async function applyRecords(env: ResultEnv, meta: Extract<StepMeta, { kind: 'invoices' }>, answer: RemoteAnswer): Promise<void> {
  const { trx } = env;
  const results = (answer.body as { data?: PushInvoicesResult })?.data?.results;
  if (!ok(answer) || !Array.isArray(results)) {
    for (const m of meta.invoices) {
      await logIssue(trx, { entity: 'invoice', localId: m.local, operation: 'create', message: `Invoice ${m.invoice_no} was not accepted by the remote: ${answerMessage(answer)}` });
    }
    return;
  }
  for (const [i, m] of meta.invoices.entries()) {
    const r = results[i];
    if (!r) continue;
    if (r.status === 'refused') {
      await logIssue(trx, { entity: 'invoice', localId: m.local, operation: 'create', message: `Invoice ${m.invoice_no} was refused by the remote: ${r.message}` });
      continue;
    }
    await setMapping(trx, 'invoice', m.local, r.id, m.status);
    await markKnown(trx, m.local, m.payments);
    // delivery notes pushed while this invoice was a draft: their link follows now
    await requeueNoteLinks(trx, m.local, env.now);
    if (r.warning) await logIssue(trx, { entity: 'invoice', localId: m.local, operation: 'create', message: r.warning });
  }
}
