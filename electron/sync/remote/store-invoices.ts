// The remote's side of a device pushing the invoices it issued (POST /sync/invoices): records stored as they are,
// in order, in one transaction. The numbers are the device's to give, so they are checked, not taken:
// - a block owned by the device: only its next number (gapless, DESIGN §4);
// - the remote's block 0: only numbers the device reserved when it joined (see join.ts), each once;
// - any other block: refused — Folio keeps pushed numbers only for blocks owned by the calling device.
// A retried push finds its own record under its number and answers as the first time ('exists'): the number is the
// idempotency key of an issued invoice, stored with it.
// A record that cancels an invoice already cancelled elsewhere, or generates from a proforma already generated, is
// still a numbered legal document and is stored, unlinked, with a warning the device shows its user.
import type { InvoiceRecord, PushInvoicesInput, PushInvoicesResult, PushedInvoiceResult } from '../../../shared/contract/sync';
import { formatNumber } from '../../core/invoices/numbering';
import type { CoreContext } from '../../core/context';
import { nowStamp } from '../../core/context';
import type { Db } from '../../db/types';
import { writeTransaction } from '../../db/transaction';
import { amountToMilli, parseNumber, recordProblem, sameDocument, storeRecord } from '../invoice-record';
import { syncDb } from '../tables';
import { deviceOrigin } from './join';

export function createStoreInvoicesHandler(ctx: CoreContext) {
  async function storeOne(trx: Db, device: string, r: InvoiceRecord, now: string): Promise<PushedInvoiceResult> {
    const refuse = (message: string): PushedInvoiceResult => ({ status: 'refused', message });
    const problem = recordProblem(r);
    if (problem) return refuse(problem);
    const n = parseNumber(r)!;
    const block = await trx.selectFrom('invoice_blocks').selectAll().where('id', '=', r.block_uid).executeTakeFirst();
    if (!block) return refuse(`No invoice block ${r.block_uid} on the remote`);

    const existing = await trx
      .selectFrom('invoices')
      .selectAll()
      .where('block_id', '=', block.id)
      .where('number_kind', '=', n.kind)
      .where('number_year', '=', n.year)
      .where('number_seq', '=', n.seq)
      .executeTakeFirst();
    if (existing) {
      return sameDocument(existing, r)
        ? { status: 'exists', id: existing.id }
        : refuse(`The number ${r.invoice_no} of block "${block.prefix}" is already used on the remote by another invoice`);
    }

    const counter = await trx
      .selectFrom('number_counters')
      .select('last_no')
      .where('block_id', '=', block.id)
      .where('year', '=', n.year)
      .where('kind', '=', n.kind)
      .executeTakeFirst();
    const last = counter?.last_no ?? 0;
    if (block.owner === device) {
      if (n.seq !== last + 1) {
        return refuse(`${r.invoice_no} is not the next number of block "${block.prefix}" on the remote (the last is ${formatNumber(n.kind, n.year, last)})`);
      }
    } else {
      const claim = await syncDb(trx)
        .selectFrom('sync_claims')
        .selectAll()
        .where('block_id', '=', block.id)
        .where('kind', '=', n.kind)
        .where('year', '=', n.year)
        .executeTakeFirst();
      if (!claim || claim.device !== device || n.seq > claim.upto) {
        return refuse(`Block "${block.prefix || block.name}" does not belong to this device, so it cannot bring numbers into it`);
      }
    }

    const client = await trx.selectFrom('clients').select('id').where('id', '=', r.client_uid).executeTakeFirst();
    if (!client) return refuse(`No client ${r.client_uid} on the remote`);
    const bank = r.bank_account_uid === null ? null : await trx.selectFrom('bank_accounts').select('id').where('id', '=', r.bank_account_uid).executeTakeFirst();
    const recurring = r.recurring_uid === null ? null : await trx.selectFrom('recurring_profiles').select('id').where('id', '=', r.recurring_uid).executeTakeFirst();
    const productIds = [...new Set(r.items.map((i) => i.product_uid).filter((x): x is number => x !== null))];
    const products = new Set(
      productIds.length ? (await trx.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((p) => p.id) : [],
    );

    let warning: string | undefined;
    let cancels = r.cancels_uid;
    if (cancels !== null) {
      const original = await trx.selectFrom('invoices').selectAll().where('id', '=', cancels).executeTakeFirst();
      if (!original) return refuse(`The invoice ${r.invoice_no} cancels is not on the remote`);
      if (original.cancelled_by_id !== null) {
        const by = await trx.selectFrom('invoices').select(['invoice_no', 'prefix']).where('id', '=', original.cancelled_by_id).executeTakeFirst();
        warning = `Invoice ${original.invoice_no} was already cancelled elsewhere (by ${by?.prefix ? `${by.prefix} / ` : ''}${by?.invoice_no ?? '?'}); the cancelling invoice ${r.invoice_no} is kept, unlinked`;
        cancels = null;
      }
    }
    let proforma = r.proforma_uid;
    if (proforma !== null) {
      const p = await trx.selectFrom('invoices').selectAll().where('id', '=', proforma).executeTakeFirst();
      if (!p) return refuse(`The proforma of ${r.invoice_no} is not on the remote`);
      if (p.generated_invoice_id !== null) {
        warning = `An invoice was already generated elsewhere from proforma ${p.invoice_no}; ${r.invoice_no} is kept, unlinked`;
        proforma = null;
      } else if (p.status === 4) {
        warning = `Proforma ${p.invoice_no} was voided elsewhere while ${r.invoice_no} was generated from it`;
      }
    }

    const record: InvoiceRecord = {
      ...r,
      cancels_uid: cancels,
      proforma_uid: proforma,
      bank_account_uid: bank ? bank.id : null,
      recurring_uid: recurring ? recurring.id : null,
      items: r.items.map((i) => ({ ...i, product_uid: i.product_uid !== null && products.has(i.product_uid) ? i.product_uid : null })),
    };
    const { id } = await storeRecord(trx, record, { status: r.status, total_paid_milli: amountToMilli(r.total_paid), now });
    if (block.owner === device) {
      await trx
        .insertInto('number_counters')
        .values({ block_id: block.id, year: n.year, kind: n.kind, last_no: n.seq })
        .onConflict((oc) => oc.columns(['block_id', 'year', 'kind']).doUpdateSet({ last_no: n.seq }))
        .execute();
    }
    return warning ? { status: 'stored', id, warning } : { status: 'stored', id };
  }

  return async function pushInvoices(input: PushInvoicesInput): Promise<PushInvoicesResult> {
    const device = deviceOrigin();
    return writeTransaction(ctx.db, async (trx) => {
      const now = nowStamp(ctx);
      const results: PushedInvoiceResult[] = [];
      for (const r of input.records) results.push(await storeOne(trx, device, r, now));
      return { results };
    });
  };
}
