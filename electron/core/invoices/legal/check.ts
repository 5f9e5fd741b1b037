// Where the legal checks meet the invoice transitions: the facts of a document about to be numbered (the seller as
// the settings hold it now, the buyer's snapshot, the priced lines, the dates), checked, and a refusal (422, one
// entry per problem) before anything is numbered or written.
import { FolioError } from '../../../../shared/errors';
import type { InvoiceClient } from '../../../../shared/resources';
import type { WriteTx } from '../../../db/types';
import { buyerOfSnapshot } from '../mapping';
import { settingsForIssue } from '../../settings/service';
import { checkInvoice, checkReceipt, type LegalLine, type LegalResult } from './rules';

export interface DocumentFacts {
  client_snapshot: string;
  total_milli: number;
  date: string;
  fulfillment_date: string;
  due_date: string;
  /** a recurring invoice's period: continuous supply */
  period_start?: string | null | undefined;
}

// Issuing checks the snapshot of the same few clients over and over: the buyer read from the last one is kept with its
// text (frozen, for it is shared; the rules only read it).
let lastBuyer: { snapshot: string; client: InvoiceClient } | undefined;

function buyerOf(snapshot: string): InvoiceClient {
  if (lastBuyer?.snapshot === snapshot) return lastBuyer.client;
  const client = buyerOfSnapshot(snapshot);
  Object.freeze(client.billing_address);
  Object.freeze(client.bank);
  lastBuyer = { snapshot, client: Object.freeze(client) };
  return client;
}

/** The checks of a document as it would be issued now, in the transaction that would issue it. */
export async function legalCheck(trx: WriteTx, doc: DocumentFacts, lines: LegalLine[]): Promise<LegalResult> {
  const { seller } = (await settingsForIssue(trx)).settings;
  return checkInvoice({
    seller,
    client: buyerOf(doc.client_snapshot),
    lines,
    total_milli: doc.total_milli,
    date: doc.date,
    fulfillment_date: doc.fulfillment_date,
    due_date: doc.due_date,
    continuous: Boolean(doc.period_start),
  });
}

/** Refuses a document the checks find defective; its warnings do not stop it. */
export function assertLegal(result: LegalResult): void {
  if (!result.errors.length) return;
  const summary = result.errors.map((e) => (e.field === 'seller' ? e.message : `${e.field}: ${e.message}`)).join('; ');
  throw new FolioError('rule_violation', `The invoice cannot be issued: ${summary}`, result.errors);
}

/** The checks and the refusal together, for the transitions that issue. */
export async function requireLegal(trx: WriteTx, doc: DocumentFacts, lines: LegalLine[]): Promise<void> {
  assertLegal(await legalCheck(trx, doc, lines));
}

/** A receipt needs a complete seller only (./rules.ts checkReceipt); refused like an invoice, in its own words. */
export async function requireReceiptLegal(trx: WriteTx): Promise<void> {
  const { errors } = checkReceipt((await settingsForIssue(trx)).settings.seller);
  if (!errors.length) return;
  const summary = errors.map((e) => (e.field === 'seller' ? e.message : `${e.field}: ${e.message}`)).join('; ');
  throw new FolioError('rule_violation', `The receipt cannot be issued: ${summary}`, errors);
}
