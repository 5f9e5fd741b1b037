// Sync's log entries in the UI's words. The core keeps conflicts and refused operations with English reasons and
// whole records; here they become a name, a translated reason and the few fields a person recognises a record by.
import type { SyncConflict } from '../../shared/contract/sync';
import type { Address } from '../../shared/resources';
import { addressLine } from './address';
import * as fmt from './format';
import { i18n, t, type MessageKey } from './i18n/i18n.svelte';
import { expenseCategoryName, vatLabel } from './reference';
import { milliString } from './dashboard';

export function entityName(entity: string): string {
  return i18n.tDynamic(`sync.entity.${entity}`, entity);
}

export function operationName(operation: string): string {
  return i18n.tDynamic(`sync.op.${operation}`, operation);
}

// The reasons apply-master.ts writes, matched by their start so a reworded tail still finds its translation.
const REASONS: Array<[RegExp, MessageKey]> = [
  [/^Changed on the remote and on this computer at the same time/, 'sync.reason.concurrent'],
  [/^Deleted on the remote while it was changed on this computer/, 'sync.reason.deletedRemote'],
  [/^Changed on the remote while it was deleted on this computer/, 'sync.reason.deletedHere'],
  [/^Changed on this computer and on another device at the same time/, 'sync.reason.lostHere'],
];

export function conflictReason(reason: string): string {
  const hit = REASONS.find(([re]) => re.test(reason));
  return hit ? t(hit[1]) : reason;
}

export function winnerText(winner: string): string {
  return i18n.tDynamic(`sync.winner.${winner}`, winner);
}

export interface Fact {
  label: string;
  value: string;
}

type Attrs = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The attributes of a conflict's losing version (its resource form), or an empty object for anything else. */
export function versionAttributes(c: SyncConflict): Attrs {
  const v = c.version as { attributes?: unknown } | null;
  return v && typeof v.attributes === 'object' && v.attributes !== null ? (v.attributes as Attrs) : {};
}

export function versionDeleted(c: SyncConflict): boolean {
  return (c.version as { deleted?: unknown } | null)?.deleted === true;
}

/** What the record is called: its name, or its kind and number when it has none. */
export function recordTitle(entity: string, a: Attrs, id: number): string {
  const name = str(a.name) || str(a.bank_name) || (entity === 'recurring' ? str(a.comment) : '');
  return name || `${entityName(entity)} #${id}`;
}

/** The main fields of a record, labelled, empty ones left out: enough to tell the versions apart. */
export function versionFacts(entity: string, a: Attrs): Fact[] {
  const facts: Array<[MessageKey, string]> = [];
  switch (entity) {
    case 'client':
      facts.push(
        ['field.name', str(a.name)],
        ['field.taxcode', str(a.taxcode)],
        ['field.eu_taxcode', str(a.eu_taxcode)],
        ['field.email', str(a.email)],
        ['field.phone', str(a.phone)],
        ['cli.address', addressLine(a.billing_address as Partial<Address> | undefined)],
      );
      break;
    case 'product':
      facts.push(
        ['field.name', str(a.name)],
        ['field.price', str(a.price) ? fmt.money(str(a.price), str(a.currency_code) || 'HUF') : ''],
        ['field.unit', str(a.unit)],
        ['field.vat_id', str(a.vat_id) ? vatLabel(str(a.vat_id)) : ''],
        ['field.product_code', str(a.product_code)],
      );
      break;
    case 'expense':
      facts.push(
        ['field.name', str(a.name)],
        ['field.categories_id', str(a.categories_id) ? expenseCategoryName(str(a.categories_id)) : ''],
        ['field.gross_price', str(a.gross_price) ? fmt.money(str(a.gross_price), str(a.currency) || 'HUF') : ''],
        ['field.invoice_no', str(a.invoice_no)],
        ['field.due_date', str(a.due_date) ? fmt.date(str(a.due_date)) : ''],
      );
      break;
    case 'bank_account':
      facts.push(
        ['field.bank_name', str(a.bank_name)],
        ['field.account_no', str(a.account_no)],
        ['field.account_no_iban', str(a.account_no_iban)],
        ['field.account_swift', str(a.account_swift)],
        ['field.currency', str(a.currency)],
      );
      break;
    case 'block':
      facts.push(['set.blockName', str(a.name)], ['field.prefix', str(a.prefix)]);
      break;
    case 'recurring':
      facts.push(
        ['field.frequency', str(a.frequency)],
        ['field.start_date', str(a.start_date) ? fmt.date(str(a.start_date)) : ''],
        ['field.due_days', str(a.due_days)],
        ['field.max_qty', str(a.max_qty)],
        ['field.comment', str(a.comment)],
        ['rec.col.state', a.stopped === true ? t('rec.stopped') : a.stopped === false ? t('rec.active') : ''],
      );
      break;
  }
  return facts.filter(([, value]) => value !== '').map(([key, value]) => ({ label: t(key), value }));
}

/** A refused payment's data ({payment: {date, amount_milli}}) in words; '' when the issue carries none. */
export function issueDetail(data: unknown): string {
  const p = (data as { payment?: { date?: unknown; amount_milli?: unknown } } | null)?.payment;
  if (!p || typeof p.amount_milli !== 'number') return '';
  return t('sync.issuePayment', { date: fmt.date(str(p.date)), amount: fmt.decimal(milliString(p.amount_milli), 3) });
}

/** What the user can do about an issue, beyond dismissing it: a sentence and a link that starts the remedy. */
export interface IssueWayOut {
  hint: string;
  label: string;
  href: string;
}

/**
 * The way out the core names in an issue's data. A double cancellation ({offset_invoice_uid}) is set right by a new
 * invoice with the original's lines, so the link opens the editor with a copy of it (the detail screen's duplicate);
 * a second invoice of one proforma ({cancel_invoice_uid}) may need cancelling, which is done on its detail screen.
 */
export function issueWayOut(data: unknown): IssueWayOut | null {
  const d = data as { offset_invoice_uid?: unknown; cancel_invoice_uid?: unknown } | null;
  if (typeof d?.offset_invoice_uid === 'number') {
    return { hint: t('sync.offsetHint'), label: t('sync.offsetInvoice'), href: `#/invoices/new?from=${d.offset_invoice_uid}` };
  }
  if (typeof d?.cancel_invoice_uid === 'number') {
    return { hint: t('sync.secondInvoiceHint'), label: t('sync.openInvoice'), href: `#/invoices/${d.cancel_invoice_uid}` };
  }
  return null;
}
