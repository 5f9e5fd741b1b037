// Share codes: a code opens an issued invoice's PDF at /access/c:{code} without a key. 192 random bits, URL-safe,
// made once and stable until revoked. Not part of the document: changing it never touches the sealed content.
import { randomBytes } from 'node:crypto';
import { rule } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { writeTransaction } from '../../db/transaction';
import { invoiceRow } from './queries';
import type { InvoiceEnv } from './types';

export async function shareCode(env: InvoiceEnv, input: { id: number }) {
  return writeTransaction(env.ctx.db, async (trx) => {
    const invoice = await invoiceRow(trx, input.id);
    if (invoice.type === INVOICE_TYPE.draft) throw rule('A draft cannot be shared; issue it first');
    if (invoice.share_code) return { code: invoice.share_code };
    const code = randomBytes(24).toString('base64url');
    await trx.updateTable('invoices').set({ share_code: code }).where('id', '=', invoice.id).execute();
    return { code };
  });
}

export async function revokeShareCode(env: InvoiceEnv, input: { id: number }) {
  return writeTransaction(env.ctx.db, async (trx) => {
    const invoice = await invoiceRow(trx, input.id);
    await trx.updateTable('invoices').set({ share_code: null }).where('id', '=', invoice.id).execute();
    return { revoked: invoice.share_code !== null };
  });
}
