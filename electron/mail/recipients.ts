// Who an invoice goes to. The address book is contact data, not the legal record: the client's current e-mail
// wins over the snapshot the invoice carries, so fixing a client's address and pressing Send again just works.
import { rule } from '../../shared/errors';
import type { InvoiceAttributes } from '../../shared/resources';
import type { Db } from '../db/types';
import { isEmailAddress } from './settings';

export function parseAddressList(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The client's addresses as they are (unchecked): what the send dialog starts from. */
export async function clientAddresses(db: Db, invoice: Pick<InvoiceAttributes, 'client_uid' | 'client'>): Promise<string[]> {
  const client = await db.selectFrom('clients').select(['email', 'deleted_at']).where('id', '=', invoice.client_uid).executeTakeFirst();
  const current = client && !client.deleted_at ? client.email.trim() : '';
  return parseAddressList(current || invoice.client.email);
}

export async function recipientsFor(db: Db, invoice: Pick<InvoiceAttributes, 'client_uid' | 'client'>): Promise<string[]> {
  const addresses = await clientAddresses(db, invoice);
  const name = invoice.client.name || `client ${invoice.client_uid}`;
  if (!addresses.length) {
    throw rule(`${name} has no e-mail address: add one to the client to send the invoice`, 'client.email');
  }
  const bad = addresses.find((a) => !isEmailAddress(a));
  if (bad) throw rule(`The e-mail address of ${name} is not valid: "${bad}"`, 'client.email');
  return addresses;
}
