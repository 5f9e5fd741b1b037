// One expense per invoice, whatever the door (docs/nav-inbound.md): an invoice typed in after NAV's data booked it is
// not made a second time. The typed expense is refused with the expense NAV's data made, for the user to open and
// complete there; nothing is half-merged behind the user's back. Matched as the NAV booking and the e-invoice import
// match: the supplier's invoice number, and the supplier's tax number by its first 8 digits (the taxpayer id) where
// it is Hungarian, else as written.
import { FolioError } from '../../../shared/errors';
import type { Db, WriteTx } from '../../db/types';

const HU_TAXPAYER = /^(?:HU)?(\d{8})(?:-?\d-?\d{2})?$/;

function supplierKey(taxcode: string): string {
  const compact = taxcode.trim().toUpperCase().replace(/\s+/g, '');
  const hu = HU_TAXPAYER.exec(compact);
  return hu ? `HU${hu[1]}` : compact;
}

/** The refusal of a typed expense whose invoice NAV's data booked already, or null. */
export async function bookedFromNav(db: Db | WriteTx, invoiceNo: string | undefined, supplierTaxcode: string | undefined): Promise<FolioError | null> {
  if (!invoiceNo?.trim() || !supplierTaxcode?.trim()) return null;
  const key = supplierKey(supplierTaxcode);
  const rows = await db
    .selectFrom('expenses')
    .select(['id', 'supplier_taxcode', 'einvoice_supplier_key'])
    .where('invoice_no', '=', invoiceNo)
    .where('einvoice_syntax', '=', 'nav')
    .execute();
  const same = rows.find((r) => r.einvoice_supplier_key === key || supplierKey(r.supplier_taxcode) === key);
  if (!same) return null;
  return new FolioError('conflict', `This invoice (${invoiceNo}) was booked from NAV's data already, as expense ${same.id}`, [
    {
      field: 'invoice_no',
      message: `was booked from NAV's data already, as expense ${same.id}`,
      reason: 'expense_booked_from_nav',
      meta: { expense_id: String(same.id), invoice_no: invoiceNo },
    },
  ]);
}
