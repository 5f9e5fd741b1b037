// An expense row as the interface's resource: its fields in their exact forms, then Folio's bookkeeping fields.
import type { ExpenseAttachmentInfo, ExpenseAttributes, ExpenseEinvoiceInfo, Resource } from '../../../shared/resources';
import { milliToString } from '../../../shared/money';
import { findVatCode } from '../../../shared/reference/vat-codes';
import { expenseAmounts } from '../../../shared/expense-amounts';
import type { ClientRow, ExpenseRow } from '../../db/schema';
import { clientSnapshot } from '../clients/mapping';

/**
 * Net and VAT as stored, or, for a row recorded before they were, derived from its gross at its VAT code. Reads only
 * these columns: the VAT analysis reads them from an index (migration 0039).
 */
export function storedAmounts(
  row: Pick<ExpenseRow, 'net_price_milli' | 'vat_amount_milli' | 'gross_price_milli' | 'vat_id' | 'currency'>,
): { net: number; vat: number; gross: number } {
  if (row.net_price_milli !== null && row.vat_amount_milli !== null) {
    return { net: row.net_price_milli, vat: row.vat_amount_milli, gross: row.gross_price_milli };
  }
  const rate = (row.vat_id && findVatCode(row.vat_id)?.value) || '0';
  return expenseAmounts({ gross: milliToString(row.gross_price_milli), rate, currency: row.currency });
}

/** The supplier's identifiers an e-invoice gave (migration 0048), as stored; a row from before them has none. */
function supplierIdentifiers(row: ExpenseRow): Pick<ExpenseAttributes, 'supplier_vat_id' | 'supplier_tax_registration' | 'supplier_legal_registration' | 'supplier_identifiers'> {
  let identifiers: Array<{ id: string; scheme: string }> = [];
  try {
    const parsed = JSON.parse(row.supplier_identifiers ?? '[]') as unknown;
    if (Array.isArray(parsed)) identifiers = parsed as typeof identifiers;
  } catch {
    // a damaged list reads as none: the expense itself is still whole
  }
  return {
    supplier_vat_id: row.supplier_vat_id ?? '',
    supplier_tax_registration: row.supplier_tax_registration ?? '',
    supplier_legal_registration: row.supplier_legal_registration ? { id: row.supplier_legal_registration, scheme: row.supplier_legal_registration_scheme ?? '' } : null,
    supplier_identifiers: identifiers,
  };
}

export function expenseResource(
  row: ExpenseRow,
  client: ClientRow | undefined,
  attachment: ExpenseAttachmentInfo | null = null,
  einvoice: ExpenseEinvoiceInfo | null = null,
): Resource<ExpenseAttributes> {
  const snapshot = client ? clientSnapshot(client) : null;
  const amounts = storedAmounts(row);
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      categories_id: row.categories_id,
      name: row.name,
      invoice_no: row.invoice_no,
      gross_price: milliToString(row.gross_price_milli),
      vat: row.vat_id ?? '',
      client_uid: row.client_id,
      client: snapshot
        ? {
            name: snapshot.name,
            email: snapshot.email,
            taxcode: snapshot.taxcode,
            billing_address: snapshot.billing_address,
            bank: snapshot.bank,
          }
        : null,
      currency: row.currency,
      due_date: row.due_date,
      created_at: row.created_at,
      updated_at: row.updated_at,
      kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
      supplier_name: row.supplier_name,
      supplier_taxcode: row.supplier_taxcode,
      invoice_date: row.invoice_date,
      fulfillment_date: row.fulfillment_date,
      payment_date: row.payment_date,
      paid: row.paid === 1,
      net_price: milliToString(amounts.net),
      vat_amount: milliToString(amounts.vat),
      attachment,
      supplier_iban: row.supplier_iban,
      ...supplierIdentifiers(row),
      payment_method: row.payment_method ?? '',
      category_v3: row.category_v3 ?? '',
      einvoice,
    },
  };
}
