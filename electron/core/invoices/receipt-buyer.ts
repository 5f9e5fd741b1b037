// Who a receipt names. A receipt (nyugta) is a B2C document: it needs no buyer at all (Áfa tv. 166–167. §), yet every
// invoices row names a client (the column is NOT NULL and sync carries it as a client id). So a receipt without a
// client names the business's one walk-in client, "Magánszemély", created the first time it is needed and kept under a
// settings key; the receipt's own snapshot holds only the name and e-mail address the seller typed (or nothing).
import type { ClientRow, InvoiceRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import { prepareStatement } from '../../db/prepared';
import { clientSnapshot, emptyAddress, emptyBank, emptyDefaults } from '../clients/mapping';
import { buyerOfSnapshot } from './mapping';
import { clientById } from './statements';
import { keepClientMatchKeys } from '../clients/match-keys';

const WALK_IN_KEY = 'receipts.walk_in_client';
export const WALK_IN_NAME = 'Magánszemély';

const walkInId = prepareStatement((db, _p: Record<string, never>) => db.selectFrom('settings').select('value').where('key', '=', WALK_IN_KEY));
const rememberWalkIn = prepareStatement((db, p: { value: string }) =>
  db.insertInto('settings').values({ key: WALK_IN_KEY, value: p.value }).onConflict((oc) => oc.column('key').doUpdateSet({ value: p.value })),
);
const insertWalkIn = prepareStatement((db, p: { now: string }) =>
  db
    .insertInto('clients')
    .values({
      name: WALK_IN_NAME,
      email: '',
      taxcode: '',
      eu_taxcode: '',
      type: '',
      fokonyv_szam: '',
      phone: '',
      tax_type: 'NO_TAX_NUMBER',
      address: JSON.stringify(emptyAddress()),
      bank: JSON.stringify(emptyBank()),
      defaults: JSON.stringify(emptyDefaults()),
      deleted_at: null,
      created_at: p.now,
      updated_at: p.now,
    })
    .returning('id'),
);

/** The walk-in client, in the caller's write transaction; made again if the user deleted it. */
export async function walkInClient(trx: WriteTx, now: string): Promise<ClientRow> {
  const known = await walkInId.get(trx, {});
  const found = known ? await clientById.get(trx, { id: Number(known.value) }) : undefined;
  if (found && !found.deleted_at) return found;
  const id = (await insertWalkIn.get(trx, { now }))!.id;
  await keepClientMatchKeys(trx);
  await rememberWalkIn.run(trx, { value: String(id) });
  return (await clientById.get(trx, { id }))!;
}

export async function isWalkIn(trx: WriteTx, clientId: number): Promise<boolean> {
  return (await walkInId.get(trx, {}))?.value === String(clientId);
}

export interface ReceiptBuyer {
  name?: string | undefined;
  email?: string | undefined;
}

/**
 * The snapshot a receipt keeps of its buyer: a client as it is (the name and e-mail given print instead of its own);
 * the walk-in client as only what was given, so a receipt of nobody in particular prints no buyer.
 */
export function receiptSnapshot(client: ClientRow, walkIn: boolean, given: ReceiptBuyer): string {
  const own = clientSnapshot(client);
  if (walkIn) return JSON.stringify({ ...own, name: given.name?.trim() ?? '', email: given.email?.trim() ?? '' });
  return JSON.stringify({ ...own, name: given.name?.trim() || own.name, email: given.email?.trim() || own.email });
}

/** A draft becoming a receipt: the buyer given now, else the name and e-mail its own snapshot printed. */
export async function issuedReceiptSnapshot(trx: WriteTx, draft: InvoiceRow, given: ReceiptBuyer): Promise<string> {
  const client = (await clientById.get(trx, { id: draft.client_id }))!;
  const drafted = buyerOfSnapshot(draft.client_snapshot);
  const walkIn = await isWalkIn(trx, client.id);
  const fallback = walkIn ? { name: drafted.name, email: drafted.email } : {};
  return receiptSnapshot(client, walkIn, { name: given.name ?? fallback.name, email: given.email ?? fallback.email });
}
